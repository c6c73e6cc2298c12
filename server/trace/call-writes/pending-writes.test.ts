import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits";
import { bearer, call, createTestApp } from "../../testing/test-app";
import { MAX_PENDING_WRITES_PER_PROJECT, PENDING_WRITE_MAX_AGE_MS, prunePendingWrites } from "./pending-writes";

const API = "/api/trace";
const PROJECT = "demo/pending";
const OTHER = "demo/pending-other";
type Db = ReturnType<typeof createTestApp>["db"];

const keep = (db: Db, projectId: string, id: string, createdAt: number) =>
  db
    .prepare(
      "INSERT INTO trace_call_pending_writes (project_id, id, display_name, created_at) VALUES (?, ?, 'kept', ?)",
    )
    .run(projectId, id, createdAt);
const pendingIds = (db: Db, projectId: string) =>
  db.prepare("SELECT id FROM trace_call_pending_writes WHERE project_id = ? ORDER BY id").pluck().all(projectId);

describe("pending ends and renames (arrived before their call's start)", () => {
  it("drops a project's pending writes older than the age bound, and the oldest beyond the count bound, leaving other projects alone", async () => {
    const { db } = createTestApp();
    const now = 1_000_000;
    for (let i = 0; i < 6; i += 1) keep(db, PROJECT, `c${i}`, now - 600 + i * 100); // c0 oldest, c5 newest
    keep(db, OTHER, "old", now - 10_000);
    // Age 350: c0..c2 (600, 500, 400 old) expire; count 2: of c3..c5, c3 goes.
    expect(await prunePendingWrites(db, PROJECT, now, { maxAgeMs: 350, maxCount: 2 })).toBe(4);
    expect({ kept: pendingIds(db, PROJECT), other: pendingIds(db, OTHER) }).toEqual({
      kept: ["c4", "c5"],
      other: ["old"],
    });
  });

  it("removes more than one step's worth at once", async () => {
    const { db } = createTestApp();
    for (let i = 0; i < 2_500; i += 1) keep(db, PROJECT, `c${String(i).padStart(4, "0")}`, i);
    expect(await prunePendingWrites(db, PROJECT, 2_500, { maxCount: 10 })).toBe(2_490);
    expect(pendingIds(db, PROJECT)).toEqual(Array.from({ length: 10 }, (_, i) => `c${2_490 + i}`));
  });

  it("applies the bounds when an end or a rename is kept: a day-old pending end goes, a fresh one waits and is applied by its start", async () => {
    const { app, db } = createTestApp();
    keep(db, PROJECT, "stale", Date.now() - PENDING_WRITE_MAX_AGE_MS - 1);
    const end = { project_id: PROJECT, id: "fresh", ended_at: "2026-11-24T10:00:01Z", output: "done", summary: {} };
    expect((await call(app, "POST", `${API}/call/end`, { body: { end }, headers: bearer() })).status).toBe(200);
    expect(pendingIds(db, PROJECT)).toEqual(["fresh"]);
    expect(
      (
        await call(app, "POST", `${API}/call/update`, {
          body: { project_id: PROJECT, call_id: "renamed", display_name: "Later" },
          headers: bearer(),
        })
      ).status,
    ).toBe(200);
    expect(pendingIds(db, PROJECT)).toEqual(["fresh", "renamed"]);

    const start = {
      project_id: PROJECT,
      id: "fresh",
      op_name: `weave:///${PROJECT}/op/f:v1`,
      trace_id: "t",
      started_at: "2026-11-24T10:00:00Z",
      attributes: {},
      inputs: {},
    };
    const batch = await call(app, "POST", `${API}/call/upsert_batch`, {
      body: { batch: [{ mode: "start", req: { start } }] },
      headers: bearer(),
    });
    expect(batch.json).toEqual({ res: [{ id: "fresh", trace_id: "t" }] });
    const read = await call(app, "POST", `${API}/call/read`, {
      body: { project_id: PROJECT, id: "fresh" },
      headers: bearer(),
    });
    expect((read.json.call as { output: unknown; ended_at: string }).output).toBe("done");
    expect(pendingIds(db, PROJECT)).toEqual(["renamed"]);
  });

  it("keeps a whole batch of ends whose starts come in the next batch: the count bound is at least a batch's items", () => {
    expect(MAX_PENDING_WRITES_PER_PROJECT).toBeGreaterThanOrEqual(LIMITS.callsPerBatch);
  });
});
