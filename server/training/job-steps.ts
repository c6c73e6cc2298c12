import type { Database } from "better-sqlite3";
import { SFTExample, TrajectoryGroup, type Metrics } from "../../contract/training";
import { approximateTokens, contentText } from "../chat/tokens";
import { writeTransaction } from "../db/write-transaction";
import { isSupportedBaseModel, SUPPORTED_BASE_MODELS } from "./base-models";
import { insertCheckpoint, maxCheckpointStep } from "./checkpoint-store";
import { checkpointId } from "./ids";
import { appendEvent, findJob, jobConfig, jobItems, replaceJobItems, updateJob, type JobRow } from "./job-store";
import { findModel } from "./model-store";
import { readArtifactData, type SftDataResult } from "./sft-data";
import {
  SIMULATED_RL_METRICS,
  SIMULATED_SFT_METRICS,
  simulatedRlMetrics,
  simulatedSftMetrics,
} from "./simulated-metrics";
import { groupMetrics } from "./trajectory-metrics";

// The job state machine, one small synchronous step at a time. Every step writes its event, its
// checkpoint and the job's progress in ONE transaction, so a crash (even SIGKILL) leaves either
// the whole step or none of it, and a restarted runner continues from `steps_done`.

export const DEFAULT_LEARNING_RATE = 1e-5;
/** Batch size of SFT jobs whose config says "auto" or nothing. */
export const AUTO_BATCH_SIZE = 8;

/** What one call did: `needs_download` means an SFT job waits for its https data (see the runner). */
export type StepOutcome = "started" | "stepped" | "succeeded" | "failed" | "needs_download" | "skipped";

export function advanceJob(db: Database, jobId: string, now: Date): StepOutcome {
  return writeTransaction(db, (): StepOutcome => {
    // Re-read inside the transaction: the job may have finished, or its model been deleted.
    const job = findJob(db, jobId);
    if (!job) return "skipped";
    if (job.status === "queued") return startJob(db, job, now);
    if (job.status === "running") return gradientStep(db, job, now);
    return "skipped";
  });
}

/** Records a job's failure (training_failed) unless it already ended. */
export function failJob(db: Database, jobId: string, errorMessage: string, now: Date): void {
  writeTransaction(db, () => {
    const job = findJob(db, jobId);
    if (!job || job.status === "succeeded" || job.status === "failed") return;
    appendEvent(db, jobId, "training_failed", { error_message: errorMessage }, now);
    updateJob(db, jobId, { status: "failed" }, now);
  });
}

/** Starts a queued SFT job with downloaded data (or fails it with the download's error). */
export function startWithDownloadedData(db: Database, jobId: string, data: SftDataResult, now: Date): void {
  writeTransaction(db, () => {
    const job = findJob(db, jobId);
    if (!job || job.status !== "queued") return;
    if (!data.ok) return failJob(db, jobId, data.error, now);
    replaceJobItems(db, jobId, data.rows);
    beginTraining(db, { ...job, num_items: data.rows.length }, now);
  });
}

function startJob(db: Database, job: JobRow, now: Date): StepOutcome {
  const model = findModel(db, job.model_id);
  if (!model) return "skipped";
  if (!isSupportedBaseModel(model.base_model)) {
    failJob(
      db,
      job.id,
      `Base model '${model.base_model}' is not supported for training. Supported base models: ${SUPPORTED_BASE_MODELS.join(", ")}.`,
      now,
    );
    return "failed";
  }
  if (job.kind === "rl") {
    if (job.prepare_error) {
      failJob(db, job.id, job.prepare_error, now);
      return "failed";
    }
    beginTraining(db, job, now);
    return "started";
  }
  const url = job.training_data_url ?? "";
  if (url.startsWith("https://")) return "needs_download";
  const data = readArtifactData(db, url, model.entity);
  if (!data.ok) {
    failJob(db, job.id, data.error, now);
    return "failed";
  }
  replaceJobItems(db, job.id, data.rows);
  beginTraining(db, { ...job, num_items: data.rows.length }, now);
  return "started";
}

function batchSize(job: JobRow): number {
  return job.batch_size ?? AUTO_BATCH_SIZE;
}

function beginTraining(db: Database, job: JobRow, now: Date): void {
  // RL: one gradient step per trajectory group. SFT: one per batch of examples.
  const numSteps = job.kind === "rl" ? job.num_items : Math.ceil(job.num_items / batchSize(job));
  // Steps continue the model's numbering, so checkpoints of successive jobs never collide.
  const firstStep = maxCheckpointStep(db, job.model_id) + 1;
  appendEvent(
    db,
    job.id,
    "training_started",
    {
      num_sequences: numSteps,
      // These figures come from a synthetic curve: no GPU trains anything locally.
      simulated_metrics: job.kind === "rl" ? [...SIMULATED_RL_METRICS] : [...SIMULATED_SFT_METRICS],
    },
    now,
  );
  updateJob(db, job.id, { status: "running", num_steps: numSteps, first_step: firstStep, steps_done: 0 }, now);
}

function learningRate(job: JobRow, index: number): number {
  const configured = jobConfig(job).learningRate;
  if (Array.isArray(configured)) return configured[Math.min(index, configured.length - 1)] ?? DEFAULT_LEARNING_RATE;
  return configured ?? DEFAULT_LEARNING_RATE;
}

function gradientStep(db: Database, job: JobRow, now: Date): StepOutcome {
  const index = job.steps_done;
  const numSteps = job.num_steps ?? 0;
  const step = (job.first_step ?? 1) + index;
  const real = job.kind === "rl" ? rlStepFigures(db, job, index) : sftStepFigures(db, job, index);
  if (typeof real === "string") {
    failJob(db, job.id, real, now);
    return "failed";
  }
  const simulated =
    job.kind === "rl" ? simulatedRlMetrics(job.id, index, numSteps) : simulatedSftMetrics(job.id, index, numSteps);
  const metrics: Metrics = { ...simulated, ...real, learning_rate: learningRate(job, index) };
  appendEvent(db, job.id, "gradient_step", { step, ...metrics }, now);
  insertCheckpoint(db, { id: checkpointId(job.id, step), modelId: job.model_id, jobId: job.id, step, metrics }, now);
  const done = index + 1 >= numSteps;
  updateJob(db, job.id, { steps_done: index + 1, ...(done ? { status: "succeeded" as const } : {}) }, now);
  if (!done) return "stepped";
  appendEvent(db, job.id, "training_ended", { num_steps: numSteps }, now);
  return "succeeded";
}

/** The real figures of an RL step (its trajectory group), or an error message. */
function rlStepFigures(db: Database, job: JobRow, index: number): Metrics | string {
  const parsed = TrajectoryGroup.safeParse(jobItems(db, job.id, index, 1)[0]);
  if (!parsed.success) return `Trajectory group ${index + 1} could not be read back from storage.`;
  return groupMetrics(parsed.data);
}

/** The real figures of an SFT step: how many examples and (approximate) tokens it trained on. */
function sftStepFigures(db: Database, job: JobRow, index: number): Metrics | string {
  const size = batchSize(job);
  const rows = jobItems(db, job.id, index * size, size);
  let tokens = 0;
  let completionTokens = 0;
  for (const row of rows) {
    const parsed = SFTExample.safeParse(row);
    if (!parsed.success) return `Training example batch ${index + 1} could not be read back from storage.`;
    for (const message of parsed.data.messages) {
      const count = approximateTokens(contentText(message.content));
      tokens += count;
      if (message.role === "assistant") completionTokens += count;
    }
  }
  return { num_examples: rows.length, num_tokens: tokens, num_completion_tokens: completionTokens };
}
