import type { Database } from "better-sqlite3";
import type { Metrics } from "../../contract/training";

/**
 * Keeps logged trajectories with the metrics computed from them (deleted with their model). The
 * groups come as their JSON texts (see bulk-upload/read.ts) and are stored as one JSON array.
 */
export function insertLog(db: Database, entry: { modelId: string; split: string; groupTexts: readonly string[]; metrics: Metrics }, now: Date): void {
  db.prepare("INSERT INTO training_logs (model_id, split, trajectory_groups, metrics, created_at) VALUES (?, ?, ?, ?, ?)").run(
    entry.modelId,
    entry.split,
    `[${entry.groupTexts.join(",")}]`,
    JSON.stringify(entry.metrics),
    now.toISOString(),
  );
}
