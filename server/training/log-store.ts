import type { Database } from "better-sqlite3";
import type { Metrics } from "../../contract/training";
import { writeInSteps } from "../db/write-in-steps";
import { maxCheckpointStep } from "./checkpoint-store";
import { modelDeletedWhileStoring } from "./job-store";

/**
 * Keeps logged trajectories with the metrics computed from them (deleted with their model). The
 * groups come as their JSON texts (see bulk-upload/read.ts) and are stored one row each, in steps
 * (writeInSteps), so a 32 MiB log does not hold the other requests for the whole write. If storing
 * fails part-way, the log is removed again. The log is taken at the model's latest checkpoint step
 * (ART evaluates the model it just trained).
 */
export async function insertLog(
  db: Database,
  entry: { modelId: string; split: string; groupTexts: readonly string[]; metrics: Metrics },
  now: Date,
): Promise<void> {
  const { lastInsertRowid: logId } = db
    .prepare("INSERT INTO training_logs (model_id, split, metrics, created_at, step) VALUES (?, ?, ?, ?, ?)")
    .run(
      entry.modelId,
      entry.split,
      JSON.stringify(entry.metrics),
      now.toISOString(),
      maxCheckpointStep(db, entry.modelId),
    );
  const insertGroup = db.prepare<[number | bigint, number, string]>(
    "INSERT INTO training_log_groups (log_id, idx, payload) VALUES (?, ?, ?)",
  );
  try {
    await writeInSteps(
      db,
      entry.groupTexts.length,
      (idx) => entry.groupTexts[idx]!.length,
      (idx) => insertGroup.run(logId, idx, entry.groupTexts[idx]!),
    );
  } catch (error) {
    const removed = db.prepare("DELETE FROM training_logs WHERE id = ?").run(logId).changes === 0;
    // Gone already: its model was deleted between two steps (the log went with it).
    throw removed ? modelDeletedWhileStoring(entry.modelId) : error;
  }
}

/** A log's trajectory groups, parsed, in the order they were sent. */
export function logGroups(db: Database, logId: number): unknown[] {
  return db
    .prepare<[number], { payload: string }>("SELECT payload FROM training_log_groups WHERE log_id = ? ORDER BY idx")
    .all(logId)
    .map((row) => JSON.parse(row.payload) as unknown);
}

export type LoggedMetrics = { id: number; split: string; step: number; metrics: Metrics; created_at: string };

/** A model's logs of one split with a step, oldest first, after `afterId`, at most `limit` (+1 to tell has_more). */
export function listLogMetrics(
  db: Database,
  modelId: string,
  options: { split: string; afterId: number; limit: number },
): { data: LoggedMetrics[]; hasMore: boolean } {
  const rows = db
    .prepare<
      [string, string, number, number],
      { id: number; split: string; step: number; metrics: string; created_at: string }
    >(
      "SELECT id, split, step, metrics, created_at FROM training_logs WHERE model_id = ? AND split = ? AND id > ? AND step IS NOT NULL ORDER BY id LIMIT ?",
    )
    .all(modelId, options.split, options.afterId, options.limit + 1);
  return {
    data: rows.slice(0, options.limit).map((row) => ({ ...row, metrics: JSON.parse(row.metrics) as Metrics })),
    hasMore: rows.length > options.limit,
  };
}
