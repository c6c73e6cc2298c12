import type { Database } from "better-sqlite3";
import type { Metrics } from "../../contract/training";
import { maxCheckpointStep } from "./checkpoint-store";

/**
 * Keeps logged trajectories with the metrics computed from them (deleted with their model). The
 * groups come as their JSON texts (see bulk-upload/read.ts) and are stored as one JSON array.
 * The log is taken at the model's latest checkpoint step (ART evaluates the model it just trained).
 */
export function insertLog(db: Database, entry: { modelId: string; split: string; groupTexts: readonly string[]; metrics: Metrics }, now: Date): void {
  db.prepare("INSERT INTO training_logs (model_id, split, trajectory_groups, metrics, created_at, step) VALUES (?, ?, ?, ?, ?, ?)").run(
    entry.modelId,
    entry.split,
    `[${entry.groupTexts.join(",")}]`,
    JSON.stringify(entry.metrics),
    now.toISOString(),
    maxCheckpointStep(db, entry.modelId),
  );
}

export type LoggedMetrics = { id: number; split: string; step: number; metrics: Metrics; created_at: string };

/** A model's logs of one split with a step, oldest first, after `afterId`, at most `limit` (+1 to tell has_more). */
export function listLogMetrics(db: Database, modelId: string, options: { split: string; afterId: number; limit: number }): { data: LoggedMetrics[]; hasMore: boolean } {
  const rows = db
    .prepare<[string, string, number, number], { id: number; split: string; step: number; metrics: string; created_at: string }>(
      "SELECT id, split, step, metrics, created_at FROM training_logs WHERE model_id = ? AND split = ? AND id > ? AND step IS NOT NULL ORDER BY id LIMIT ?",
    )
    .all(modelId, options.split, options.afterId, options.limit + 1);
  return {
    data: rows.slice(0, options.limit).map((row) => ({ ...row, metrics: JSON.parse(row.metrics) as Metrics })),
    hasMore: rows.length > options.limit,
  };
}
