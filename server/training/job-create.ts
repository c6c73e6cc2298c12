import type { Database } from "better-sqlite3";
import { TrajectoryGroup } from "../../contract/training";
import { describeMalformedGroup } from "./data-errors";
import { insertJob, insertJobInSteps, type JobConfig } from "./job-store";

type Experimental = Record<string, unknown> | null | undefined;

function jobConfig(learningRate: number | number[] | null | undefined, experimental: Experimental): JobConfig {
  return { ...(learningRate == null ? {} : { learningRate }), ...(experimental == null ? {} : { experimental }) };
}

/** First malformed trajectory of a job's groups, worded for training_failed; undefined if all are fine. */
function firstMalformedGroup(groups: readonly unknown[]): string | undefined {
  for (const [index, group] of groups.entries()) {
    const parsed = TrajectoryGroup.safeParse(group);
    if (!parsed.success) return describeMalformedGroup(index, parsed.error);
  }
  return undefined;
}

type RlJob = {
  id: string;
  modelId: string;
  experimental?: ({ learning_rate?: number | null } & Record<string, unknown>) | null;
};

/**
 * Queues an RL job from trajectory groups the request already validated (CreateRLJobRequest), each
 * given as its JSON text (see bulk-upload/read.ts). `prepareError`: what the job will report as
 * training_failed when it starts.
 */
export function queueCheckedRlJob(
  db: Database,
  job: RlJob & { groupTexts: readonly string[]; prepareError?: string },
  now: Date,
): void {
  const { id, modelId, experimental, prepareError } = job;
  insertJob(
    db,
    {
      id,
      modelId,
      kind: "rl",
      ...(prepareError ? { prepareError } : {}),
      config: jobConfig(experimental?.learning_rate, experimental),
    },
    job.groupTexts,
    now,
  );
}

/**
 * Queues an RL job from an upload the request already validated (see bulk-upload/read.ts), storing
 * its groups in steps so a large upload does not hold the other requests (insertJobInSteps).
 */
export async function queueUploadedRlJob(
  db: Database,
  job: RlJob & { groupTexts: readonly string[] },
  now: Date,
): Promise<void> {
  const { id, modelId, experimental } = job;
  await insertJobInSteps(
    db,
    { id, modelId, kind: "rl", config: jobConfig(experimental?.learning_rate, experimental) },
    job.groupTexts,
    now,
  );
}

/**
 * Queues an RL job from groups nobody has checked (the seeds store one with a trajectory the API
 * would refuse). The trajectories are checked here, and a problem is reported by the job itself
 * (training_failed), as the real service reports what it finds while preparing the data.
 */
export function createRlJob(db: Database, job: RlJob & { groups: readonly unknown[] }, now: Date): void {
  const prepareError = firstMalformedGroup(job.groups);
  queueCheckedRlJob(
    db,
    { ...job, groupTexts: job.groups.map((group) => JSON.stringify(group)), ...(prepareError ? { prepareError } : {}) },
    now,
  );
}

/** Queues an SFT job; the runner reads its data (artifact or https) when the job starts. */
export function createSftJob(
  db: Database,
  job: {
    id: string;
    modelId: string;
    trainingDataUrl: string;
    batchSize?: number | "auto" | null;
    learningRate?: number | number[] | null;
    experimental?: Experimental;
  },
  now: Date,
): void {
  insertJob(
    db,
    {
      id: job.id,
      modelId: job.modelId,
      kind: "sft",
      trainingDataUrl: job.trainingDataUrl,
      ...(typeof job.batchSize === "number" ? { batchSize: job.batchSize } : {}),
      config: jobConfig(job.learningRate, job.experimental),
    },
    [],
    now,
  );
}
