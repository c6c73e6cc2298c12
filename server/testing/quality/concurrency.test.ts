import BetterSqlite3, { type Database } from "better-sqlite3";
import * as fc from "fast-check";
import { join } from "node:path";
import { afterAll, assert, describe, expect, it } from "vitest";
import { SETTABLE_STATES, type AnnotationQueueItem, type SettableState } from "../../../contract/trace";
import { DEMO_USERS, upsertUser } from "../../auth/users";
import { DATABASE_FILE } from "../../runtime";
import { createTestApp } from "../test-app";
import { checkProperty } from "./check-property";
import { createFixtures, QUALITY_PROJECT, TRACE } from "./fixtures";
import { progressProblems, type ProgressAttempt } from "./progress-model";
import { send } from "./send";
import { createQueueWithItems, httpClient } from "./http-client";
import { SECOND_ANNOTATOR, seedDataDir } from "./seed-data-dir";
import { cleanUp, makeDataDir, startServerProcess } from "../server-process";

// Two annotators of the same entity work one item at the same time. Whatever order the server
// serialises their requests in, the item must end in a state the rules allow, and every answer
// must be true: a 200 shows the item right after that request, a 400 names the state it hit.

afterAll(cleanUp);

const ANNOTATORS = [
  { id: DEMO_USERS[0].id, key: DEMO_USERS[0].apiKey },
  { id: SECOND_ANNOTATOR.id, key: SECOND_ANNOTATOR.apiKey },
] as const;

type Request = { annotator: 0 | 1; state: SettableState };
const schedule = fc.array(
  fc.record({ annotator: fc.constantFrom<0 | 1>(0, 1), state: fc.constantFrom(...SETTABLE_STATES) }),
  { minLength: 2, maxLength: 12 },
);

/** Each annotator's own progress record of the item, as stored. */
function recordsOf(db: Database, itemId: string): Record<string, SettableState> {
  const rows = db
    .prepare<[string], { annotator_user_id: string; annotation_state: SettableState }>(
      `SELECT p.annotator_user_id, p.annotation_state FROM annotation_item_progress p
         JOIN annotation_queue_items i ON i.seq = p.item_seq WHERE i.id = ?`,
    )
    .all(itemId);
  return Object.fromEntries(rows.map((r) => [r.annotator_user_id, r.annotation_state]));
}

function toAttempt(request: Request, itemId: string, status: number, json: unknown): ProgressAttempt {
  const body = json as { item?: AnnotationQueueItem; reason?: string } | undefined;
  // A 200 must describe the item that was asked about.
  if (status === 200) assert.strictEqual(body?.item?.id, itemId);
  return {
    annotator: ANNOTATORS[request.annotator].id,
    state: request.state,
    status,
    ...(body?.item ? { item: body.item } : {}),
    ...(body?.reason ? { reason: body.reason } : {}),
  };
}

function expectTruthful(
  attempts: ProgressAttempt[],
  records: Record<string, SettableState>,
  finalItem: AnnotationQueueItem,
  where: string,
) {
  assert.deepEqual(
    progressProblems(attempts, records, finalItem),
    [],
    `${where}: ${JSON.stringify(attempts.map((a) => [a.annotator, a.state, a.status]))}`,
  );
}

describe("two annotators updating the same item at once", () => {
  it(
    "in process: every interleaving of up to 12 requests ends allowed, every answer true",
    { timeout: 20_000 },
    async () => {
      const { app, db } = createTestApp();
      upsertUser(db, SECOND_ANNOTATOR);
      const fixtures = await createFixtures(app, db, { items: 60 });
      let next = 0;
      await checkProperty(
        schedule,
        async (requests) => {
          const itemId = fixtures.itemIds[next++]!;
          const path = `${TRACE}/annotation_queues/${fixtures.queueId}/items/${itemId}/progress`;
          const answers = await Promise.all(
            requests.map((r) =>
              send(app, {
                method: "POST",
                path,
                headers: { Authorization: `Bearer ${ANNOTATORS[r.annotator].key}`, "Content-Type": "application/json" },
                body: JSON.stringify({ project_id: fixtures.projectId, annotation_state: r.state }),
              }),
            ),
          );
          const attempts = requests.map((r, i) => toAttempt(r, itemId, answers[i]!.status, answers[i]!.json));
          const query = await send(app, {
            method: "POST",
            path: `${TRACE}/annotation_queues/${fixtures.queueId}/items/query`,
            headers: { Authorization: `Bearer ${ANNOTATORS[0].key}`, "Content-Type": "application/json" },
            body: JSON.stringify({ project_id: fixtures.projectId, filter: { id: itemId } }),
          });
          const finalItem = (query.json as { items: AnnotationQueueItem[] }).items[0]!;
          expectTruthful(attempts, recordsOf(db, itemId), finalItem, itemId);
        },
        fixtures.itemIds.length,
      );
      expect(next).toBe(fixtures.itemIds.length);
    },
  );

  it(
    "over real HTTP: 20 items, 200 requests from both annotators in flight together",
    { timeout: 60_000 },
    async () => {
      const dataDir = makeDataDir();
      const callIds = seedDataDir(dataDir, 20);
      // Both annotators send from this one address, 200 requests at once: more connections than the
      // per-client cap lets one address hold, which two real annotators (two addresses) never meet.
      const server = await startServerProcess(dataDir, { MAX_CONNECTIONS_PER_CLIENT: "400" });
      const clients = ANNOTATORS.map((a) => httpClient(server.url, a.key, 15_000));
      const { queueId, itemIds } = await createQueueWithItems(clients[0]!, callIds);
      // One seeded schedule of 10 requests per item, all sent at once in an interleaved order.
      const plans = fc.sample(
        fc.array(fc.record({ annotator: fc.constantFrom<0 | 1>(0, 1), state: fc.constantFrom(...SETTABLE_STATES) }), {
          minLength: 10,
          maxLength: 10,
        }),
        {
          seed: 7,
          numRuns: itemIds.length,
        },
      );
      const flat = plans.flatMap((plan, item) =>
        plan.map((request, k) => ({ request, itemId: itemIds[item]!, order: k * itemIds.length + item })),
      );
      flat.sort((a, b) => a.order - b.order);
      const answers = await Promise.all(
        flat.map(({ request, itemId }) =>
          clients[request.annotator]!.post(`${TRACE}/annotation_queues/${queueId}/items/${itemId}/progress`, {
            project_id: QUALITY_PROJECT,
            annotation_state: request.state,
          }),
        ),
      );
      const { items } = await clients[0]!.ok<{ items: AnnotationQueueItem[] }>(
        clients[0]!.post(`${TRACE}/annotation_queues/${queueId}/items/query`, { project_id: QUALITY_PROJECT }),
      );
      const db = new BetterSqlite3(join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        for (const [index, itemId] of itemIds.entries()) {
          const attempts = flat.flatMap((f, i) =>
            f.itemId === itemId ? [toAttempt(f.request, itemId, answers[i]!.status, answers[i]!.json)] : [],
          );
          // Both annotators really did contend for this item.
          assert.strictEqual(new Set(attempts.map((a) => a.annotator)).size, 2, itemId);
          expectTruthful(attempts, recordsOf(db, itemId), items[index]!, itemId);
        }
      } finally {
        db.close();
      }
      await server.stop("SIGTERM");
    },
  );
});
