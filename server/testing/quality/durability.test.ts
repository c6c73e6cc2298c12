import BetterSqlite3 from "better-sqlite3";
import { join } from "node:path";
import { afterEach, assert, describe, expect, it, vi } from "vitest";
import type { AnnotationQueueItem, SettableState } from "../../../contract/trace";
import { DATABASE_FILE } from "../../runtime";
import { QUALITY_PROJECT, TRACE, TRAINABLE_BASE_MODEL, TRAINING, trajectoryGroup } from "./fixtures";
import { allJobEvents, createQueueWithItems, httpClient } from "./http-client";
import { seedDataDir } from "./seed-data-dir";
import { cleanUp, makeDataDir, startServerProcess } from "../server-process";

// End to end over HTTP: the real server process is SIGKILLed while clients write to it, and
// restarted on the same data directory. Whatever it acknowledged must still be there, and a
// training job it was running must finish. (job-runner.test.ts kills a bare job runner; this
// kills the whole server mid-request.)

afterEach(cleanUp);

const RANK = { unstarted: 0, in_progress: 1, completed: 2, skipped: 2 } as const;
const LONG_JOB_STEPS = 300;

/** What each writer sent and what the server acknowledged, in order. */
class WriteLog {
  readonly sent = new Map<string, SettableState[]>();
  readonly acked = new Map<string, SettableState[]>();
  /** Requests (progress or job) in flight when the server died. */
  unanswered = 0;
  send(itemId: string, state: SettableState) {
    this.sent.set(itemId, [...(this.sent.get(itemId) ?? []), state]);
  }
  ack(itemId: string, state: SettableState) {
    this.acked.set(itemId, [...(this.acked.get(itemId) ?? []), state]);
  }
  get ackCount() {
    return [...this.acked.values()].reduce((n, states) => n + states.length, 0);
  }
}

describe("durability of the local services", () => {
  it(
    "keeps every acknowledged write across a SIGKILL mid-write, and the job that was running finishes",
    { timeout: 60_000 },
    async () => {
      const dataDir = makeDataDir();
      const callIds = seedDataDir(dataDir, 400);
      // The job writers queue jobs as fast as they can: no quota here (quotas.test.ts has its own test).
      const first = await startServerProcess(dataDir, { TRAINING_STEP_MS: "5", TRAINING_JOBS_PER_ENTITY: "1000000" });
      const api = httpClient(first.url, undefined, 10_000);
      const { queueId, itemIds } = await createQueueWithItems(api, callIds);
      const model = await api.ok<{ id: string }>(
        api.post(`${TRAINING}/preview/models`, {
          project: "quality",
          name: "durable",
          base_model: TRAINABLE_BASE_MODEL,
        }),
      );
      const groups = Array.from({ length: LONG_JOB_STEPS }, () => trajectoryGroup());
      const longJob = (
        await api.ok<{ id: string }>(
          api.post(`${TRAINING}/preview/training-jobs`, { model_id: model.id, trajectory_groups: groups }),
        )
      ).id;

      // Clients keep writing until the server disappears under them.
      const log = new WriteLog();
      const ackedJobs: string[] = [];
      const problems: string[] = [];
      const progressWriter = async (items: string[]) => {
        for (const itemId of items) {
          for (const state of ["in_progress", "completed"] as const) {
            log.send(itemId, state);
            const answer = await api
              .post(`${TRACE}/annotation_queues/${queueId}/items/${itemId}/progress`, {
                project_id: QUALITY_PROJECT,
                annotation_state: state,
              })
              .catch(() => undefined);
            if (!answer) {
              log.unanswered += 1;
              return;
            }
            const item = (answer.json as { item?: AnnotationQueueItem }).item;
            if (answer.status !== 200 || item?.annotation_state !== state)
              problems.push(`${itemId} ${state}: ${answer.status} ${answer.text.slice(0, 200)}`);
            else log.ack(itemId, state);
          }
        }
      };
      const jobWriter = async () => {
        for (;;) {
          const answer = await api
            .post(`${TRAINING}/preview/training-jobs`, {
              model_id: model.id,
              trajectory_groups: [trajectoryGroup(), trajectoryGroup()],
            })
            .catch(() => undefined);
          if (!answer) {
            log.unanswered += 1;
            return;
          }
          if (answer.status === 200) ackedJobs.push((answer.json as { id: string }).id);
          else problems.push(`job: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      };
      const lanes = 4;
      const writers = [
        ...Array.from({ length: lanes }, (_lane, lane) =>
          progressWriter(itemIds.filter((_item, i) => i % lanes === lane)),
        ),
        jobWriter(),
        jobWriter(),
      ];

      await vi.waitFor(
        async () => {
          expect(log.ackCount).toBeGreaterThanOrEqual(40);
          expect(ackedJobs.length).toBeGreaterThanOrEqual(5);
          const steps = (await allJobEvents(api, longJob)).filter((e) => e.type === "gradient_step");
          expect(steps.length).toBeGreaterThanOrEqual(10);
        },
        { timeout: 20_000, interval: 20 },
      );
      await first.stop("SIGKILL");
      await Promise.all(writers);
      expect(problems).toEqual([]);
      // The kill landed in the middle of writes: some requests never got an answer.
      expect(log.unanswered).toBeGreaterThan(0);
      expect(log.ackCount).toBeLessThan(itemIds.length * 2);

      const second = await startServerProcess(dataDir, { TRAINING_STEP_MS: "1" });
      const again = httpClient(second.url, undefined, 10_000);
      const { items } = await again.ok<{ items: AnnotationQueueItem[] }>(
        again.post(`${TRACE}/annotation_queues/${queueId}/items/query`, { project_id: QUALITY_PROJECT }),
      );
      expect(items.map((i) => i.id)).toEqual(itemIds);
      for (const item of items) {
        const acked = log.acked.get(item.id)?.at(-1);
        const sent = log.sent.get(item.id)?.at(-1);
        const where = `${item.id}: acknowledged ${acked ?? "nothing"}, last sent ${sent ?? "nothing"}, found ${item.annotation_state}`;
        // Every acknowledged write is there; nothing newer than the last write sent appeared.
        assert.isAtLeast(RANK[item.annotation_state], acked ? RANK[acked] : 0, where);
        assert.isAtMost(RANK[item.annotation_state], sent ? RANK[sent] : 0, where);
        if (item.annotation_state !== "unstarted") assert.strictEqual(item.annotator_user_id, "user-demo", where);
      }
      for (const jobId of ackedJobs)
        expect((await again.get(`${TRAINING}/preview/training-jobs/${jobId}`)).status).toBe(200);

      // No job hangs: the one that was running resumes, and every acknowledged one ends.
      for (const jobId of [longJob, ...ackedJobs]) {
        await vi.waitFor(async () => expect((await allJobEvents(again, jobId)).at(-1)?.type).toBe("training_ended"), {
          timeout: 20_000,
          interval: 50,
        });
      }
      const events = await allJobEvents(again, longJob);
      expect(events.filter((e) => e.type === "training_started")).toHaveLength(1);
      expect(events.filter((e) => e.type === "gradient_step").map((e) => e.data.step)).toEqual(
        Array.from({ length: LONG_JOB_STEPS }, (_, i) => i + 1),
      );
      expect((await again.get(`${TRAINING}/system-check`)).status).toBe(200);
      await second.stop("SIGTERM");

      // The database itself: intact, and no job (acknowledged or not) left queued or running.
      const db = new BetterSqlite3(join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(db.pragma("foreign_key_check")).toEqual([]);
        expect(db.prepare("SELECT id, status FROM training_jobs WHERE status IN ('queued', 'running')").all()).toEqual(
          [],
        );
      } finally {
        db.close();
      }
    },
  );
});
