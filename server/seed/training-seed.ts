import type { Database } from "better-sqlite3";
import { insertDataset } from "../training/dataset-store";
import { createRlJob, createSftJob } from "../training/job-create";
import { activeJobs, findJob } from "../training/job-store";
import { advanceJob } from "../training/job-steps";
import { findModel, insertModel } from "../training/model-store";
import { supportDialogs, supportTrajectoryGroups } from "../training/seed-data";

/**
 * Ids of the seeded models and jobs. The training service has no endpoint that lists jobs or
 * models (neither has the real one), so whoever shows the demo needs these.
 */
export const TRAINING_SEED = {
  datasetUrl: "wandb-artifact:///demo/support-bot/support-dialogs:v1",
  models: {
    /** demo/support-bot/support-rl, OpenPipe/Qwen3-14B-Instruct: 24 checkpoints from an RL job. */
    supportRl: "model_5eed00000000a001",
    /** demo/support-bot/support-sft, Qwen/Qwen2.5-7B-Instruct: 5 checkpoints from an SFT job. */
    supportSft: "model_5eed00000000a002",
    /** demo/support-bot/support-legacy: an unsupported base model, so its job failed. */
    supportLegacy: "model_5eed00000000a003",
    /** acme/claims-triage/triage-rl (entity acme): 8 checkpoints. */
    acmeTriage: "model_5eed00000000b001",
  },
  jobs: {
    /** Succeeded: 24 gradient steps. */
    supportRl: "job_5eed00000000a001",
    /** Failed: a trajectory without a reward. */
    supportRlMalformed: "job_5eed00000000a002",
    /** Succeeded: 40 examples in batches of 8, 5 steps. */
    supportSft: "job_5eed00000000a003",
    /** Failed: unsupported base model. */
    supportLegacy: "job_5eed00000000a004",
    /** Succeeded (entity acme): 8 steps. */
    acmeTriage: "job_5eed00000000b001",
  },
} as const;

const minutes = (now: Date, delta: number) => new Date(now.getTime() + delta * 60_000);

/**
 * The training demo: models, finished and failed jobs with all their events and checkpoints, and
 * the SFT dataset artifact. The jobs are run to the end by the same step engine the runner uses,
 * so the seeded figures are exactly what the service would produce. Deterministic; a no-op when
 * already seeded.
 */
export function seedTrainingDemo(db: Database, now: Date = new Date("2026-01-15T09:00:00.000Z")): void {
  if (findModel(db, TRAINING_SEED.models.supportRl)) return;
  const { models, jobs } = TRAINING_SEED;
  db.transaction(() => {
    insertDataset(
      db,
      { entity: "demo", project: "support-bot", name: "support-dialogs", version: "v1" },
      supportDialogs(40),
      minutes(now, -120),
    );

    const model = (
      id: string,
      entity: string,
      project: string,
      name: string,
      base_model: string,
      runId: string,
      at: number,
    ) => insertModel(db, { id, entity, project, name, base_model, run_id: runId }, minutes(now, at));
    model(models.supportRl, "demo", "support-bot", "support-rl", "OpenPipe/Qwen3-14B-Instruct", "sr1x9k2a", -110);
    model(models.supportSft, "demo", "support-bot", "support-sft", "Qwen/Qwen2.5-7B-Instruct", "ss7m3p0q", -100);
    model(
      models.supportLegacy,
      "demo",
      "support-bot",
      "support-legacy",
      "mistralai/Mistral-7B-Instruct-v0.3",
      "sl4n8d2w",
      -95,
    );
    model(models.acmeTriage, "acme", "claims-triage", "triage-rl", "meta-llama/Llama-3.1-8B-Instruct", "ac2t6r9z", -90);

    createRlJob(
      db,
      {
        id: jobs.supportRl,
        modelId: models.supportRl,
        groups: supportTrajectoryGroups(24, 4),
        experimental: { learning_rate: 2e-5 },
      },
      minutes(now, -80),
    );
    const malformed = supportTrajectoryGroups(3, 4);
    delete (malformed[1]!.trajectories[2] as { reward?: number }).reward;
    createRlJob(db, { id: jobs.supportRlMalformed, modelId: models.supportRl, groups: malformed }, minutes(now, -40));
    createSftJob(
      db,
      { id: jobs.supportSft, modelId: models.supportSft, trainingDataUrl: TRAINING_SEED.datasetUrl, batchSize: 8 },
      minutes(now, -70),
    );
    createRlJob(
      db,
      { id: jobs.supportLegacy, modelId: models.supportLegacy, groups: supportTrajectoryGroups(4, 2) },
      minutes(now, -60),
    );
    createRlJob(
      db,
      { id: jobs.acmeTriage, modelId: models.acmeTriage, groups: supportTrajectoryGroups(8, 3) },
      minutes(now, -50),
    );

    // Run every job to its end, one step at a time, exactly as the runner would.
    for (let pass = 0; pass < 1000; pass += 1) {
      const active = activeJobs(db);
      if (active.length === 0) return;
      for (const job of active) advanceJob(db, job.id, minutes(now, -30 + pass / 10));
    }
    throw new Error("seedTrainingDemo: the demo jobs did not finish");
  })();
}

/** Deletes all training data (models cascade to checkpoints, jobs, events and logs; datasets). */
export function resetTrainingData(db: Database): void {
  db.transaction(() => {
    db.exec("DELETE FROM training_models; DELETE FROM training_datasets;");
    // Restart the event and dataset sequences so a re-seed gives the same ids.
    db.exec("DELETE FROM sqlite_sequence WHERE name IN ('training_events', 'training_datasets', 'training_logs')");
  })();
}

/**
 * The seeded demo models and jobs `entity` may read, with their names, so a new browser on the
 * local services lists them at once (the training service lists neither, so the dashboard
 * otherwise knows only what it created or was given by id). Deleted ones are left out.
 */
export function readableSeededTraining(db: Database, entity: string) {
  const models = Object.values(TRAINING_SEED.models)
    .map((id) => findModel(db, id))
    .filter((model) => model !== undefined && model.entity === entity)
    .map((model) => ({
      id: model!.id,
      entity: model!.entity,
      project: model!.project,
      name: model!.name,
      base_model: model!.base_model,
    }));
  const readable = new Set(models.map((m) => m.id));
  const jobs = Object.values(TRAINING_SEED.jobs)
    .map((id) => findJob(db, id))
    .filter((job) => job !== undefined && readable.has(job.model_id))
    .map((job) => ({ id: job!.id, model_id: job!.model_id, kind: job!.kind, created_at: job!.created_at }));
  return { models, jobs };
}
