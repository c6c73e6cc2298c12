import type { Database } from "better-sqlite3";
import type { Metrics } from "../../contract/training";
import { writeInSteps } from "../db/write-in-steps";
import { modelDeletedWhileStoring } from "./job-store";

/**
 * Keeps logged trajectories with the metrics computed from them (deleted with their model). The
 * groups come as their JSON texts (see bulk-upload/read.ts) and are stored one row each, in steps
 * (writeInSteps), so a 32 MiB log does not hold the other requests for the whole write. If storing
 * fails part-way, the log is removed again.
 */
export async function insertLog(db: Database, entry: { modelId: string; split: string; groupTexts: readonly string[]; metrics: Metrics }, now: Date): Promise<void> {
  const { lastInsertRowid: logId } = db
    .prepare("INSERT INTO training_logs (model_id, split, metrics, created_at) VALUES (?, ?, ?, ?)")
    .run(entry.modelId, entry.split, JSON.stringify(entry.metrics), now.toISOString());
  const insertGroup = db.prepare<[number | bigint, number, string]>("INSERT INTO training_log_groups (log_id, idx, payload) VALUES (?, ?, ?)");
  try {
    await writeInSteps(db, entry.groupTexts.length, (idx) => entry.groupTexts[idx]!.length, (idx) => insertGroup.run(logId, idx, entry.groupTexts[idx]!));
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
