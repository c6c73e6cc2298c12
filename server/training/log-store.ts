import type { Database } from "better-sqlite3";
import type { Metrics, TrajectoryGroup } from "../../contract/training";

/** Keeps logged trajectories with the metrics computed from them (deleted with their model). */
export function insertLog(db: Database, entry: { modelId: string; split: string; groups: TrajectoryGroup[]; metrics: Metrics }, now: Date): void {
  db.prepare("INSERT INTO training_logs (model_id, split, trajectory_groups, metrics, created_at) VALUES (?, ?, ?, ?, ?)").run(
    entry.modelId,
    entry.split,
    JSON.stringify(entry.groups),
    JSON.stringify(entry.metrics),
    now.toISOString(),
  );
}
