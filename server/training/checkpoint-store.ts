import type { Database } from "better-sqlite3";
import type { Checkpoint, Metrics } from "../../contract/training";
import { writeTransaction } from "../db/write-transaction";

type CheckpointRow = { id: string; step: number; metrics: string };

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  id: row.id,
  step: row.step,
  metrics: JSON.parse(row.metrics) as Metrics,
});

export function findCheckpoint(db: Database, modelId: string, checkpointId: string): Checkpoint | undefined {
  const row = db
    .prepare<[string, string], CheckpointRow>(
      "SELECT id, step, metrics FROM training_checkpoints WHERE model_id = ? AND id = ?",
    )
    .get(modelId, checkpointId);
  return row && toCheckpoint(row);
}

export function findCheckpointByStep(db: Database, modelId: string, step: number): Checkpoint | undefined {
  const row = db
    .prepare<[string, number], CheckpointRow>(
      "SELECT id, step, metrics FROM training_checkpoints WHERE model_id = ? AND step = ?",
    )
    .get(modelId, step);
  return row && toCheckpoint(row);
}

export function latestCheckpoint(db: Database, modelId: string): Checkpoint | undefined {
  const row = db
    .prepare<[string], CheckpointRow>(
      "SELECT id, step, metrics FROM training_checkpoints WHERE model_id = ? ORDER BY step DESC LIMIT 1",
    )
    .get(modelId);
  return row && toCheckpoint(row);
}

/**
 * One page of a model's checkpoints ordered by step. `afterStep` is the step of the cursor
 * checkpoint; one extra row is read to know whether there are more.
 */
export function listCheckpoints(
  db: Database,
  modelId: string,
  options: { afterStep?: number; limit: number; order: "asc" | "desc" },
): { data: Checkpoint[]; hasMore: boolean } {
  const comparison = options.order === "asc" ? ">" : "<";
  const cursor = options.afterStep === undefined ? "" : `AND step ${comparison} @afterStep`;
  const rows = db
    .prepare<{ modelId: string; afterStep?: number; limit: number }, CheckpointRow>(
      `SELECT id, step, metrics FROM training_checkpoints WHERE model_id = @modelId ${cursor}
       ORDER BY step ${options.order === "asc" ? "ASC" : "DESC"} LIMIT @limit`,
    )
    .all({
      modelId,
      limit: options.limit + 1,
      ...(options.afterStep === undefined ? {} : { afterStep: options.afterStep }),
    });
  return { data: rows.slice(0, options.limit).map(toCheckpoint), hasMore: rows.length > options.limit };
}

export function maxCheckpointStep(db: Database, modelId: string): number {
  const row = db
    .prepare<[string], { step: number | null }>("SELECT MAX(step) AS step FROM training_checkpoints WHERE model_id = ?")
    .get(modelId);
  return row?.step ?? 0;
}

export function insertCheckpoint(
  db: Database,
  checkpoint: { id: string; modelId: string; jobId: string; step: number; metrics: Metrics },
  now: Date,
): void {
  db.prepare(
    "INSERT INTO training_checkpoints (id, model_id, step, job_id, metrics, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(
    checkpoint.id,
    checkpoint.modelId,
    checkpoint.step,
    checkpoint.jobId,
    JSON.stringify(checkpoint.metrics),
    now.toISOString(),
  );
}

/** Deletes the checkpoints at `steps`; reports the steps that had none (each once, in request order). */
export function deleteCheckpointsBySteps(
  db: Database,
  modelId: string,
  steps: readonly number[],
): { deletedCount: number; notFoundSteps: number[] } {
  const remove = db.prepare<[string, number]>("DELETE FROM training_checkpoints WHERE model_id = ? AND step = ?");
  return writeTransaction(db, () => {
    let deletedCount = 0;
    const notFoundSteps: number[] = [];
    for (const step of new Set(steps)) {
      if (remove.run(modelId, step).changes > 0) deletedCount += 1;
      else notFoundSteps.push(step);
    }
    return { deletedCount, notFoundSteps };
  });
}
