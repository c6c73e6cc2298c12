import type { Database } from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ItemsQueryRequest } from "../../contract/trace";
import { DEMO_USERS } from "../auth/users";
import { openTestDatabase } from "../testing/test-database";
import { resetTraceData, seedLargeQueue, seedTraceDemo } from "../seed/trace-seed";
import { basic, call, createTestApp } from "../testing/test-app";
import { queryItems } from "./items-query";
import { queryItemsNaive } from "./items-query.reference-impl";
import { valueProblem } from "./objects/json-schema";
import { findQueue } from "./queues";
import { CLAIM_FEEDBACK_TYPE } from "./seed/demo-claims";
import type { AnnotationState } from "../../contract/trace";
import type { Feedback } from "../../contract/trace-feedback";
import {
  CLAIM_FEEDBACK_TYPE as DASHBOARD_CLAIM_TYPE,
  claimOn,
  claimPayload,
} from "../../src/features/queues/team/claims";
import {
  DEFAULT_TEAM_SETTINGS,
  settingsFromValue,
  teamSettingsObjectId as dashboardSettingsId,
} from "../../src/features/queues/team/team-settings";

const NOW = new Date("2026-11-20T10:00:00.000Z");

function freshDb(): Database {
  const db = openTestDatabase({ users: true });
  return db;
}

const liveCount = (db: Database, name: string) =>
  db
    .prepare(
      "SELECT count(*) FROM annotation_queue_items i JOIN annotation_queues q ON q.seq = i.queue_seq WHERE q.name = ? AND i.deleted_at IS NULL",
    )
    .pluck()
    .get(name);

const snapshot = (d: Database) =>
  d.prepare("SELECT id, call_id, annotation_state, updated_at FROM annotation_queue_items ORDER BY seq").all();

/** Every item's stored state is its latest progress record's (or unstarted without one). */
function inconsistentItems(db: Database): number {
  return db
    .prepare(
      `SELECT count(*) FROM annotation_queue_items i
        LEFT JOIN annotation_item_progress p ON p.item_seq = i.seq
          AND p.updated_at = (SELECT max(updated_at) FROM annotation_item_progress WHERE item_seq = i.seq)
       WHERE (p.item_seq IS NULL AND (i.annotation_state != 'unstarted' OR i.annotator_user_id IS NOT NULL))
          OR (p.item_seq IS NOT NULL AND NOT (
               EXISTS (SELECT 1 FROM annotation_item_progress q WHERE q.item_seq = i.seq AND q.annotator_user_id = i.annotator_user_id
                        AND q.annotation_state = i.annotation_state AND q.updated_at = p.updated_at)))`,
    )
    .pluck()
    .get() as number;
}

/** The trigger-kept counts equal a fresh count of the items. */
function countsDrift(db: Database): unknown[] {
  return db
    .prepare(
      `SELECT * FROM (SELECT queue_seq, call_op_name, annotation_state, IFNULL(added_by, '') AS added_by, count(*) AS n
                        FROM annotation_queue_items WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4)
       EXCEPT SELECT queue_seq, call_op_name, annotation_state, added_by, n FROM annotation_queue_item_counts WHERE n > 0`,
    )
    .all();
}

/** Whether a dotted path names something in `root` (the seeds use no dotted keys). */
function hasPath(root: unknown, path: string): boolean {
  return path.split(".").every((key) => {
    if (root === null || typeof root !== "object" || !Object.hasOwn(root, key)) return false;
    root = (root as Record<string, unknown>)[key];
    return root !== undefined;
  });
}

/** Items whose display fields name something their call does not have (the review would show "Not present"). */
function itemsWithMissingFields(db: Database): string[] {
  const rows = db
    .prepare(
      `SELECT i.id, i.display_fields, c.inputs, c.output, c.exception FROM annotation_queue_items i
        JOIN trace_calls c ON c.project_id = i.project_id AND c.id = i.call_id WHERE i.deleted_at IS NULL`,
    )
    .all() as {
    id: string;
    display_fields: string;
    inputs: string | null;
    output: string | null;
    exception: string | null;
  }[];
  return rows
    .filter((row) => {
      const stored = {
        inputs: row.inputs && JSON.parse(row.inputs),
        output: row.output && JSON.parse(row.output),
        exception: row.exception,
      };
      return (JSON.parse(row.display_fields) as string[]).some(
        (path) => !hasPath(stored, path) || (stored as Record<string, unknown>)[path.split(".")[0]!] === null,
      );
    })
    .map((row) => row.id);
}

// Seeding is real work (10,000+ items): generous timeouts for a busy machine; timing is not tested.
const SLOW = { timeout: 120_000 };

// One seeded demo for every test that only reads it: a seed is seconds of CPU, too much to pay per
// test.
const demo = createTestApp();
seedTraceDemo(demo.db, NOW);

// A second seed from scratch, for the tests that compare two runs and the one that resets a seeded
// database: built once, when the first of them needs it (the reset test comes last in the file).
let secondSeed: Database | undefined;
function seededAgain(): Database {
  if (!secondSeed) {
    secondSeed = freshDb();
    seedTraceDemo(secondSeed, NOW);
  }
  return secondSeed;
}

describe("trace demo seed", SLOW, () => {
  const db = demo.db;

  it("builds the demo queues with the promised sizes", () => {
    expect(liveCount(db, "Refund conversations – tone review")).toBe(10_000);
    expect(liveCount(db, "Escalations – policy check")).toBe(400);
    expect(liveCount(db, "Hallucination audit")).toBe(60);
    expect(liveCount(db, "Onboarding flow – first impressions")).toBe(0);
    expect(liveCount(db, "Claim summaries – accuracy spot check")).toBe(25);
    expect(db.prepare("SELECT DISTINCT project_id FROM annotation_queues ORDER BY 1").pluck().all()).toEqual([
      "acme/claims",
      "demo/support-bot",
    ]);
    expect(
      db.prepare("SELECT count(*) FROM annotation_queue_items WHERE deleted_at IS NOT NULL").pluck().get(),
    ).toBeGreaterThan(0);
  });

  it("stores realistic calls: Weave op refs, 32-hex trace ids, running and failed calls", () => {
    const ops = db
      .prepare("SELECT DISTINCT op_name FROM trace_calls WHERE project_id = 'demo/support-bot'")
      .pluck()
      .all() as string[];
    expect(ops.length).toBeGreaterThanOrEqual(6);
    for (const op of ops) expect(op).toMatch(/^weave:\/\/\/demo\/support-bot\/op\/[\w.]+:[\w-]{43}$/);
    expect(
      db
        .prepare("SELECT count(*) FROM trace_calls WHERE trace_id NOT GLOB '[0-9a-f]*' OR length(trace_id) != 32")
        .pluck()
        .get(),
    ).toBe(0);
    expect(db.prepare("SELECT count(*) FROM trace_calls WHERE ended_at IS NULL").pluck().get()).toBeGreaterThan(0);
    expect(db.prepare("SELECT count(*) FROM trace_calls WHERE exception IS NOT NULL").pluck().get()).toBeGreaterThan(0);
    expect(db.prepare("SELECT count(*) FROM trace_calls WHERE length(inputs) > 3000").pluck().get()).toBeGreaterThan(0);
  });

  it("adds the Calls page's traffic: chat-style calls of several ops and versions, nested in traces, over 30 days, whose op refs resolve to op objects", () => {
    const project = "demo/support-bot";
    const queued = db
      .prepare("SELECT count(DISTINCT call_id) FROM annotation_queue_items WHERE project_id = ?")
      .pluck()
      .get(project) as number;
    const total = db.prepare("SELECT count(*) FROM trace_calls WHERE project_id = ?").pluck().get(project) as number;
    expect(total - queued).toBeGreaterThanOrEqual(3_000);
    const chat = db
      .prepare(
        "SELECT inputs, output FROM trace_calls WHERE project_id = ? AND op_name LIKE '%/op/openai.chat.completions.create:%' AND output IS NOT NULL LIMIT 1",
      )
      .get(project) as { inputs: string; output: string };
    expect(JSON.parse(chat.inputs).messages.at(-1)).toMatchObject({ role: "user" });
    expect(JSON.parse(chat.output).choices[0].message).toMatchObject({ role: "assistant" });
    const respondVersions = db
      .prepare(
        "SELECT count(DISTINCT op_name) FROM trace_calls WHERE project_id = ? AND op_name LIKE '%/op/support_bot.respond:%'",
      )
      .pluck()
      .get(project);
    expect(respondVersions).toBe(2);
    expect(
      db
        .prepare("SELECT count(*) FROM trace_calls WHERE project_id = ? AND parent_id IS NOT NULL")
        .pluck()
        .get(project),
    ).toBeGreaterThan(1_000);
    expect(
      db
        .prepare(
          "SELECT count(*) FROM trace_calls WHERE project_id = ? AND op_name LIKE '%/op/support_bot.respond:%' AND exception IS NOT NULL",
        )
        .pluck()
        .get(project),
    ).toBeGreaterThan(0);
    const span = db
      .prepare(
        "SELECT (max(started_at) - min(started_at)) / 86400000.0 FROM trace_calls WHERE project_id = ? AND op_name LIKE '%/op/support_bot.respond:%'",
      )
      .pluck()
      .get(project) as number;
    expect(span).toBeGreaterThan(25);
    const unresolved = db
      .prepare(
        `SELECT DISTINCT op_name FROM trace_calls c WHERE NOT EXISTS (SELECT 1 FROM trace_objects o
           WHERE o.project_id = c.project_id AND o.kind = 'op' AND c.op_name = 'weave:///' || o.project_id || '/op/' || o.object_id || ':' || o.digest)`,
      )
      .pluck()
      .all();
    expect(unresolved).toEqual([]);
  });

  it("has progress in every state from several annotators, consistent with the item rows", () => {
    const states = db.prepare("SELECT DISTINCT annotation_state FROM annotation_queue_items ORDER BY 1").pluck().all();
    expect(states).toEqual(["completed", "in_progress", "skipped", "unstarted"]);
    const annotators = db
      .prepare("SELECT DISTINCT annotator_user_id FROM annotation_item_progress ORDER BY 1")
      .pluck()
      .all();
    expect(annotators).toEqual(["user-demo", "user-kenji", "user-maria"]);
    expect(
      db
        .prepare("SELECT count(*) FROM (SELECT item_seq FROM annotation_item_progress GROUP BY 1 HAVING count(*) > 1)")
        .pluck()
        .get(),
    ).toBeGreaterThan(0);
    expect(
      db.prepare("SELECT count(DISTINCT added_by) FROM annotation_queue_items").pluck().get(),
    ).toBeGreaterThanOrEqual(3);
    expect(inconsistentItems(db)).toBe(0);
    expect(countsDrift(db)).toEqual([]);
  });

  it("gives every item display fields its call has (a failed call shows its exception instead of its output)", () => {
    expect(itemsWithMissingFields(db)).toEqual([]);
    const kinds = db.prepare("SELECT DISTINCT display_fields FROM annotation_queue_items").pluck().all() as string[];
    expect(kinds).toContain(JSON.stringify(["inputs.query", "output"]));
    expect(kinds).toContain(JSON.stringify(["inputs.question", "exception"]));
  });

  it("is deterministic for a given time and does nothing when run again", () => {
    const other = seededAgain();
    expect(snapshot(other)).toEqual(snapshot(db));
    seedTraceDemo(other, NOW);
    expect(other.prepare("SELECT count(*) FROM annotation_queues").pluck().get()).toBe(5);
  });

  it("serves the demo queues through the API", async () => {
    const test = demo;
    const list = await call(test.app, "POST", "/api/trace/annotation_queues/query", {
      body: { project_id: "demo/support-bot", name: "refund" },
      headers: basic(),
    });
    const queue = JSON.parse(list.text.trim()) as { id: string };
    const res = await call(test.app, "POST", `/api/trace/annotation_queues/${queue.id}/items/query`, {
      body: {
        project_id: "demo/support-bot",
        filter: { annotation_states: ["completed"] },
        sort_by: [{ field: "updated_at", direction: "desc" }],
        limit: 50,
        include_position: true,
      },
      headers: basic(),
    });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(50);
  });

  it("stores one LLM judge for the escalations queue, an ActionSpec answering its yes/no question, with no verdicts", async () => {
    const list = await call(demo.app, "POST", "/api/trace/annotation_queues/query", {
      body: { project_id: "demo/support-bot" },
      headers: basic(),
    });
    const escalations = list.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; name: string; scorer_refs: string[] })
      .find((q) => q.name === "Escalations – policy check")!;
    const judges = await call(demo.app, "POST", "/api/trace/objs/query", {
      body: { project_id: "demo/support-bot", filter: { base_object_classes: ["ActionSpec"], latest_only: true } },
      headers: basic(),
    });
    expect(judges.status).toBe(200);
    const objs = judges.json.objs as { object_id: string; val: Record<string, any> }[];
    expect(objs.map((obj) => obj.object_id)).toEqual(["judge-escalation-matrix"]);
    const { config, judge } = objs[0]!.val;
    expect(config.action_type).toBe("llm_judge");
    expect(judge.queue_id).toBe(escalations.id);
    expect(escalations.scorer_refs).toContain(judge.spec_ref);
    expect(config.response_schema.properties.answer).toEqual({ type: "boolean" });
    const verdicts = demo.db
      .prepare("SELECT COUNT(*) FROM trace_feedback WHERE feedback_type LIKE 'wandb.runnable.%'")
      .pluck()
      .get();
    expect(verdicts).toBe(0);
  });

  it("points every queue with specs at real AnnotationSpec objects: a rating, a choice, yes/no, a bounded optional comment", async () => {
    const test = demo;
    const list = await call(test.app, "POST", "/api/trace/annotation_queues/query", {
      body: { project_id: "demo/support-bot" },
      headers: basic(),
    });
    const queues = list.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { name: string; scorer_refs: string[] });
    const tone = queues.find((q) => q.name === "Refund conversations – tone review")!;
    const read = await call(test.app, "POST", "/api/trace/refs/read_batch", {
      body: { refs: tone.scorer_refs },
      headers: basic(),
    });
    expect(read.status).toBe(200);
    const specs = read.json.vals as {
      _class_name: string;
      field_schema: Record<string, unknown>;
      unique_among_creators: boolean;
    }[];
    expect(specs.map((spec) => spec._class_name)).toEqual([
      "AnnotationSpec",
      "AnnotationSpec",
      "AnnotationSpec",
      "AnnotationSpec",
    ]);
    expect(specs.map((spec) => spec.field_schema)).toEqual([
      { type: "integer", minimum: 1, maximum: 5 },
      { type: "string", enum: ["Resolved", "Partly resolved", "Not resolved", "Made it worse"] },
      { type: "boolean" },
      { type: "string", maxLength: 500, "x-optional": true },
    ]);
    expect(specs.map((spec) => spec.unique_among_creators)).toEqual([true, false, false, false]);
    for (const queue of queues.filter((q) => q.scorer_refs.length > 0)) {
      const res = await call(test.app, "POST", "/api/trace/refs/read_batch", {
        body: { refs: queue.scorer_refs },
        headers: basic(),
      });
      expect({ queue: queue.name, status: res.status }).toEqual({ queue: queue.name, status: 200 });
    }
  });
});

describe("demo feedback", SLOW, () => {
  const db = demo.db;
  const feedback = db
    .prepare(
      "SELECT f.weave_ref, f.wb_user_id, f.feedback_type, f.payload, f.annotation_ref, o.val AS spec FROM trace_feedback f JOIN trace_objects o ON f.annotation_ref = 'weave:///' || o.project_id || '/object/' || o.object_id || ':' || o.digest",
    )
    .all() as {
    weave_ref: string;
    wb_user_id: string;
    feedback_type: string;
    payload: string;
    spec: string;
  }[];

  it("answers completed items' specs with values that fit them, from the annotators who completed them", () => {
    expect(feedback.length).toBeGreaterThan(5000);
    // Every row but the claim records (which answer no spec) is an answer to a spec.
    expect(
      db.prepare("SELECT count(*) FROM trace_feedback WHERE feedback_type != ?").pluck().get(CLAIM_FEEDBACK_TYPE),
    ).toBe(feedback.length);
    const misfits = feedback.flatMap((row) => {
      const problem = valueProblem(
        (JSON.parse(row.spec) as { field_schema: object }).field_schema,
        (JSON.parse(row.payload) as { value: unknown }).value,
      );
      return problem ? [`${row.feedback_type} on ${row.weave_ref}: ${problem}`] : [];
    });
    expect(misfits).toEqual([]);
    const authors = db.prepare("SELECT DISTINCT wb_user_id FROM trace_feedback ORDER BY 1").pluck().all();
    expect(authors).toEqual(expect.arrayContaining(["user-demo", "user-kenji", "user-maria"]));
    // Every answer's author completed that item in a queue holding the call.
    // The completions are listed once (SQLite keeps an IN list as an index), not scanned again per answer;
    // the NULL guards keep NOT IN's answer what NOT EXISTS's would be.
    const orphans = db
      .prepare(
        `SELECT count(*) FROM trace_feedback f WHERE f.feedback_type != ? AND (f.wb_user_id IS NULL OR (f.wb_user_id, f.weave_ref) NOT IN (
           SELECT pr.annotator_user_id, 'weave:///' || i.project_id || '/call/' || i.call_id
           FROM annotation_item_progress pr JOIN annotation_queue_items i ON i.seq = pr.item_seq
           WHERE pr.annotation_state = 'completed' AND pr.annotator_user_id IS NOT NULL))`,
      )
      .pluck()
      .get(CLAIM_FEEDBACK_TYPE);
    expect(orphans).toBe(0);
  });

  it("has annotators disagreeing on some items' ratings, and one shared answer per item for the other specs", () => {
    const disagreements = db
      .prepare(
        `SELECT count(*) FROM (SELECT weave_ref FROM trace_feedback WHERE feedback_type = 'wandb.annotation.tone'
         GROUP BY weave_ref HAVING count(DISTINCT json_extract(payload, '$.value')) > 1)`,
      )
      .pluck()
      .get() as number;
    expect(disagreements).toBeGreaterThan(0);
    const sharedTwice = db
      .prepare(
        `SELECT count(*) FROM (SELECT weave_ref, feedback_type FROM trace_feedback
         WHERE feedback_type IN ('wandb.annotation.resolution', 'wandb.annotation.follows_policy', 'wandb.annotation.escalated_correctly')
         GROUP BY weave_ref, feedback_type, annotation_ref HAVING count(*) > 1)`,
      )
      .pluck()
      .get();
    expect(sharedTwice).toBe(0);
  });
});

/** A claim record's facts in one comparable string. */
const claimKey = (r: { project: string; ref: string; by: string; at: string; payload: unknown }) => JSON.stringify(r);

const claimRows = (d: Database) =>
  d
    .prepare("SELECT id, weave_ref, created_at, payload FROM trace_feedback WHERE feedback_type = ? ORDER BY seq")
    .all(CLAIM_FEEDBACK_TYPE);

describe("demo claims and team settings", SLOW, () => {
  const db = demo.db;
  type Held = {
    queue_id: string;
    item_id: string;
    call_id: string;
    annotation_state: AnnotationState;
    annotator_user_id: string | null;
    project_id: string;
    at: number;
  };
  const held = db
    .prepare(
      `SELECT q.id AS queue_id, i.id AS item_id, i.call_id, i.annotation_state, i.annotator_user_id, i.project_id,
              pr.annotator_user_id AS holder, pr.updated_at AS at
       FROM annotation_item_progress pr JOIN annotation_queue_items i ON i.seq = pr.item_seq
       JOIN annotation_queues q ON q.seq = pr.queue_seq WHERE pr.annotation_state = 'in_progress'`,
    )
    .all() as (Held & { holder: string })[];
  const claims = db
    .prepare("SELECT * FROM trace_feedback WHERE feedback_type = ? ORDER BY seq")
    .all(CLAIM_FEEDBACK_TYPE) as {
    id: string;
    project_id: string;
    weave_ref: string;
    wb_user_id: string;
    created_at: string;
    payload: string;
  }[];

  it("writes one claim record per in_progress record: by its annotator, on the item's call, dated the record's time", () => {
    expect(held.length).toBeGreaterThan(100);
    // The dashboard's type and payload, so work mode and the review read these as their own.
    expect(CLAIM_FEEDBACK_TYPE).toBe(DASHBOARD_CLAIM_TYPE);
    const expected = held.map((h) =>
      claimKey({
        project: h.project_id,
        ref: `weave:///${h.project_id}/call/${h.call_id}`,
        by: h.holder,
        at: new Date(h.at).toISOString(),
        payload: claimPayload(h.queue_id, h.item_id),
      }),
    );
    const written = claims.map((c) =>
      claimKey({
        project: c.project_id,
        ref: c.weave_ref,
        by: c.wb_user_id,
        at: c.created_at,
        payload: JSON.parse(c.payload),
      }),
    );
    expect(written.toSorted()).toEqual(expected.toSorted());
  });

  it("dates every claim the review shows, most of them older than the claim timeout", () => {
    const now = NOW.getTime();
    const byCall = new Map<string, unknown[]>();
    for (const c of claims)
      byCall.set(c.weave_ref, [...(byCall.get(c.weave_ref) ?? []), { ...c, payload: JSON.parse(c.payload) }]);
    // The items whose latest writer holds them in progress: the claims the review and the table show.
    const shown = held.filter((h) => h.annotation_state === "in_progress" && h.annotator_user_id === h.holder);
    expect(shown.length).toBeGreaterThan(100);
    const read = shown.map((h) =>
      claimOn(
        { id: h.item_id, queue_id: h.queue_id, annotation_state: h.annotation_state, annotator_user_id: h.holder },
        (byCall.get(`weave:///${h.project_id}/call/${h.call_id}`) ?? []) as unknown as Feedback[],
        DEFAULT_TEAM_SETTINGS,
        now,
      ),
    );
    expect(read.filter((claim) => claim?.since === null || claim === null)).toEqual([]);
    expect(read.filter((claim) => claim?.stale).length).toBeGreaterThan(read.length / 2);
  });

  it("writes the same claim records on every run (ids included)", () => {
    expect(claimRows(seededAgain())).toEqual(claimRows(db));
  });

  it("makes the Hallucination audit a team queue (2 answers per item, blind review) and no other", async () => {
    const list = await call(demo.app, "POST", "/api/trace/annotation_queues/query", {
      body: { project_id: "demo/support-bot" },
      headers: basic(),
    });
    const queues = list.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; name: string });
    const settingsOf = async (queueId: string) => {
      const res = await call(demo.app, "POST", "/api/trace/objs/query", {
        body: {
          project_id: "demo/support-bot",
          filter: { object_ids: [dashboardSettingsId(queueId)], latest_only: true },
          limit: 1,
        },
        headers: basic(),
      });
      expect(res.status).toBe(200);
      const [latest] = res.json.objs as { val: unknown }[];
      return latest ? settingsFromValue(latest.val) : null;
    };
    const found = Object.fromEntries(await Promise.all(queues.map(async (q) => [q.name, await settingsOf(q.id)])));
    expect(found).toEqual({
      "Refund conversations – tone review": null,
      "Escalations – policy check": null,
      "Hallucination audit": { claimTimeoutMinutes: 30, answersPerItem: 2, blindReview: true },
      "Onboarding flow – first impressions": null,
    });
  });
});

describe("large queue seed", SLOW, () => {
  it("builds a queue of N items with consistent states, counts and queries", () => {
    const db = freshDb();
    const queueId = seedLargeQueue(db, { projectId: "demo/support-bot", items: 25_000, now: NOW });
    const queue = findQueue(db, "demo/support-bot", queueId);
    expect(queue).toBeDefined();
    expect(db.prepare("SELECT count(*) FROM annotation_queue_items WHERE queue_seq = ?").pluck().get(queue!.seq)).toBe(
      25_000,
    );
    expect(
      db.prepare("SELECT count(DISTINCT call_op_name) FROM annotation_queue_items").pluck().get(),
    ).toBeGreaterThanOrEqual(6);
    expect(db.prepare("SELECT DISTINCT annotation_state FROM annotation_queue_items ORDER BY 1").pluck().all()).toEqual(
      ["completed", "in_progress", "skipped", "unstarted"],
    );
    expect(inconsistentItems(db)).toBe(0);
    expect(countsDrift(db)).toEqual([]);
    expect(itemsWithMissingFields(db)).toEqual([]);
    // The indexes were dropped for the load and built again.
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ix_aqi_%'")
      .pluck()
      .all();
    expect(indexes).toHaveLength(10);
    const request = ItemsQueryRequest.parse({
      project_id: "demo/support-bot",
      sort_by: [
        { field: "call_op_name", direction: "asc" },
        { field: "updated_at", direction: "desc" },
      ],
      filter: { annotation_states: ["completed"] },
      offset: 4000,
      limit: 100,
      include_position: true,
    });
    expect(queryItems(db, queue!, request)).toEqual(queryItemsNaive(db, queue!, request));
  });

  it("leaves other queues' data alone, and reset empties every trace table", () => {
    const db = seededAgain();
    seedLargeQueue(db, { projectId: "acme/claims", items: 1000, name: "Load", now: NOW });
    expect(liveCount(db, "Escalations – policy check")).toBe(400);
    expect(liveCount(db, "Load")).toBe(1000);
    resetTraceData(db);
    for (const table of [
      "trace_calls",
      "annotation_queues",
      "annotation_queue_items",
      "annotation_item_progress",
      "annotation_queue_item_counts",
      "trace_objects",
      "trace_feedback",
    ]) {
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
    // The users stay: every seeded account.
    expect(db.prepare("SELECT count(*) FROM users").pluck().get()).toBe(DEMO_USERS.length);
  });
});
