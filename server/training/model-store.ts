import type { Database } from "better-sqlite3";
import type { TrainingModel } from "../../contract/training";
import { writeTransaction } from "../db/write-transaction";

type ModelRow = TrainingModel & { run_id: string | null };

const COLUMNS = "id, entity, project, name, base_model, run_id";

export function findModel(db: Database, id: string): ModelRow | undefined {
  return db.prepare<[string], ModelRow>(`SELECT ${COLUMNS} FROM training_models WHERE id = ?`).get(id);
}

export function findModelByName(db: Database, entity: string, project: string, name: string): ModelRow | undefined {
  return db
    .prepare<[string, string, string], ModelRow>(
      `SELECT ${COLUMNS} FROM training_models WHERE entity = ? AND project = ? AND name = ?`,
    )
    .get(entity, project, name);
}

export function insertModel(db: Database, model: ModelRow, now: Date): void {
  db.prepare(
    `INSERT INTO training_models (${COLUMNS}, created_at) VALUES (@id, @entity, @project, @name, @base_model, @run_id, @created_at)`,
  ).run({ ...model, created_at: now.toISOString() });
}

/** Deletes a model with its checkpoints, jobs, events and logs (foreign keys cascade). */
export function deleteModel(db: Database, id: string): { deletedCheckpoints: number; hadRun: boolean } | undefined {
  return writeTransaction(db, () => {
    const model = findModel(db, id);
    if (!model) return undefined;
    const { n } = db
      .prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM training_checkpoints WHERE model_id = ?")
      .get(id)!;
    db.prepare("DELETE FROM training_models WHERE id = ?").run(id);
    return { deletedCheckpoints: n, hadRun: model.run_id !== null };
  });
}
