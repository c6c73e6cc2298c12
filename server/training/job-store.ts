import type { Database } from "better-sqlite3";
import type { TrainingEvent } from "../../contract/training";
import { writeInSteps } from "../db/write-in-steps";
import { ServiceError } from "../http/errors";
import { writeTransaction } from "../db/write-transaction";
import { eventId } from "./ids";
import { cached } from "../db/statements";

export type JobKind = "rl" | "sft";
export type JobStatus = "queued" | "running" | "succeeded" | "failed";

/** What the job was asked to do, beyond its training data. */
export type JobConfig = {
  /** One value, or a per-step schedule (SFT); the last value holds once a schedule runs out. */
  learningRate?: number | number[];
  experimental?: Record<string, unknown>;
};

export type JobRow = {
  id: string;
  model_id: string;
  kind: JobKind;
  status: JobStatus;
  prepare_error: string | null;
  training_data_url: string | null;
  batch_size: number | null;
  config: string;
  num_items: number;
  num_steps: number | null;
  first_step: number | null;
  steps_done: number;
  created_at: string;
};

export type NewJob = {
  id: string;
  modelId: string;
  kind: JobKind;
  prepareError?: string;
  trainingDataUrl?: string;
  batchSize?: number;
  config: JobConfig;
};

const INSERT_JOB = `INSERT INTO training_jobs (id, model_id, kind, status, prepare_error, training_data_url, batch_size, config, num_items, created_at, updated_at)
  VALUES (@id, @modelId, @kind, 'queued', @prepareError, @trainingDataUrl, @batchSize, @config, @numItems, @now, @now)`;
const INSERT_ITEM = "INSERT INTO training_job_items (job_id, idx, payload) VALUES (?, ?, ?)";

function insertJobRow(db: Database, job: NewJob, numItems: number, now: Date): void {
  db.prepare(INSERT_JOB).run({
    id: job.id,
    modelId: job.modelId,
    kind: job.kind,
    prepareError: job.prepareError ?? null,
    trainingDataUrl: job.trainingDataUrl ?? null,
    batchSize: job.batchSize ?? null,
    config: JSON.stringify(job.config),
    numItems,
    now: now.toISOString(),
  });
}

/**
 * Inserts a queued job with its training data items (RL: trajectory groups), in one transaction;
 * each item comes as its JSON text, the form it is stored in. For the seeds and small jobs; an
 * upload's job is stored by insertJobInSteps.
 */
export function insertJob(db: Database, job: NewJob, itemTexts: readonly string[], now: Date): void {
  const insertItem = db.prepare<[string, number, string]>(INSERT_ITEM);
  writeTransaction(db, () => {
    insertJobRow(db, job, itemTexts.length, now);
    itemTexts.forEach((text, idx) => insertItem.run(job.id, idx, text));
  });
}

/**
 * Inserts a queued job and its items in steps (see writeInSteps), so storing a 32 MiB upload does
 * not hold every other request for the whole write. Until its last item is stored the job is
 * listed as queued but never started (activeJobs asks for that item); if storing fails, the job
 * is removed again, and a job left half-stored by a stopped server is removed at the next start
 * (removeUnfinishedUploads).
 */
export async function insertJobInSteps(
  db: Database,
  job: NewJob,
  itemTexts: readonly string[],
  now: Date,
): Promise<void> {
  const insertItem = db.prepare<[string, number, string]>(INSERT_ITEM);
  writeTransaction(db, () => insertJobRow(db, job, itemTexts.length, now));
  try {
    await writeInSteps(
      db,
      itemTexts.length,
      (idx) => itemTexts[idx]!.length,
      (idx) => insertItem.run(job.id, idx, itemTexts[idx]!),
    );
  } catch (error) {
    const removed = db.prepare("DELETE FROM training_jobs WHERE id = ?").run(job.id).changes === 0;
    // Gone already: its model was deleted between two steps (the job went with it).
    throw removed ? modelDeletedWhileStoring(job.modelId) : error;
  }
}

/** The 404 of an upload whose model was deleted while its data was being stored in steps. */
export function modelDeletedWhileStoring(modelId: string): ServiceError {
  return new ServiceError(
    404,
    `Model '${modelId}' not found: it was deleted while the upload was being stored.`,
    "model_not_found",
  );
}

/** SQL: job `j` has all its items stored (its last one is there), or has none to store. */
const ITEMS_STORED =
  "(j.num_items = 0 OR EXISTS (SELECT 1 FROM training_job_items i WHERE i.job_id = j.id AND i.idx = j.num_items - 1))";

/** Removes the queued jobs whose upload was still being stored when the server stopped. Returns how many. */
export function removeUnfinishedUploads(db: Database): number {
  return db.prepare(`DELETE FROM training_jobs AS j WHERE j.status = 'queued' AND NOT ${ITEMS_STORED}`).run().changes;
}

export function findJob(db: Database, id: string): JobRow | undefined {
  return db.prepare<[string], JobRow>("SELECT * FROM training_jobs WHERE id = ?").get(id);
}

export function jobConfig(job: JobRow): JobConfig {
  return JSON.parse(job.config) as JobConfig;
}

/**
 * Jobs the runner should advance, oldest first: every running job, and the oldest queued job of
 * each model that has nothing running (one job trains a model at a time, so steps never interleave)
 * once all its items are stored.
 */
export function activeJobs(db: Database): JobRow[] {
  // Asked on every pass of the job runner: prepared once per database.
  return cached(
    db,
    `SELECT * FROM training_jobs j
       WHERE j.status = 'running'
          OR (j.status = 'queued' AND ${ITEMS_STORED} AND NOT EXISTS (
                SELECT 1 FROM training_jobs o
                WHERE o.model_id = j.model_id AND o.id <> j.id
                  AND (o.status = 'running' OR (o.status = 'queued' AND (o.created_at, o.rowid) < (j.created_at, j.rowid)))))
       ORDER BY j.created_at, j.rowid`,
  ).all() as JobRow[];
}

export function jobItems(db: Database, jobId: string, from: number, count: number): unknown[] {
  return db
    .prepare<[string, number, number], { payload: string }>(
      "SELECT payload FROM training_job_items WHERE job_id = ? AND idx >= ? AND idx < ? ORDER BY idx",
    )
    .all(jobId, from, from + count)
    .map((row) => JSON.parse(row.payload) as unknown);
}

export function replaceJobItems(db: Database, jobId: string, items: readonly unknown[]): void {
  db.prepare("DELETE FROM training_job_items WHERE job_id = ?").run(jobId);
  const insertItem = db.prepare<[string, number, string]>(
    "INSERT INTO training_job_items (job_id, idx, payload) VALUES (?, ?, ?)",
  );
  items.forEach((item, idx) => insertItem.run(jobId, idx, JSON.stringify(item)));
  db.prepare("UPDATE training_jobs SET num_items = ? WHERE id = ?").run(items.length, jobId);
}

export function updateJob(
  db: Database,
  jobId: string,
  changes: Partial<Pick<JobRow, "status" | "num_steps" | "first_step" | "steps_done">>,
  now: Date,
): void {
  const keys = Object.keys(changes) as (keyof typeof changes)[];
  const assignments = keys.map((key) => `${key} = @${key}`).join(", ");
  db.prepare(`UPDATE training_jobs SET ${assignments}${keys.length ? ", " : ""}updated_at = @now WHERE id = @id`).run({
    ...changes,
    now: now.toISOString(),
    id: jobId,
  });
}

/**
 * Appends a job's next event, numbered within the job (job_seq 1, 2, ...): ids say nothing of
 * other jobs. Called inside the step's transaction, so the number cannot be taken twice.
 */
export function appendEvent(
  db: Database,
  jobId: string,
  type: string,
  data: Record<string, unknown>,
  now: Date,
): string {
  const { next } = db
    .prepare<[string], { next: number }>(
      "SELECT COALESCE(MAX(job_seq), 0) + 1 AS next FROM training_events WHERE job_id = ?",
    )
    .get(jobId)!;
  db.prepare("INSERT INTO training_events (job_id, job_seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)").run(
    jobId,
    next,
    type,
    JSON.stringify(data),
    now.toISOString(),
  );
  return eventId(next);
}

export function eventExists(db: Database, jobId: string, jobSeq: number): boolean {
  return (
    db
      .prepare<[string, number], { one: number }>(
        "SELECT 1 AS one FROM training_events WHERE job_id = ? AND job_seq = ?",
      )
      .get(jobId, jobSeq) !== undefined
  );
}

/** One page of a job's events after its event number `afterSeq` (exclusive). */
export function listEvents(
  db: Database,
  jobId: string,
  afterSeq: number,
  limit: number,
): { data: TrainingEvent[]; hasMore: boolean } {
  const rows = db
    .prepare<[string, number, number], { job_seq: number; type: string; data: string }>(
      "SELECT job_seq, type, data FROM training_events WHERE job_id = ? AND job_seq > ? ORDER BY job_seq LIMIT ?",
    )
    .all(jobId, afterSeq, limit + 1);
  const data = rows.slice(0, limit).map((row) => ({
    id: eventId(row.job_seq),
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
  }));
  return { data, hasMore: rows.length > limit };
}
