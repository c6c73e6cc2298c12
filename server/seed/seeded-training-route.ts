import { Hono } from "hono";
import { requireApiKey } from "../auth/middleware";
import type { AppEnv } from "../http/env";
import { findJob } from "../training/job-store";
import { findModel } from "../training/model-store";
import { TRAINING_SEED } from "./training-seed";

/** Where the dashboard asks, on the local services only (the real training service has no such path). */
export const SEEDED_TRAINING_PATH = "/local/seeded";

/**
 * The seeded demo models and jobs the caller's entity may read, with their names, so a new
 * browser on the local services lists them at once (the training service lists neither, so the
 * dashboard otherwise knows only what it created or was given by id). Deleted ones are left out.
 */
export function seededTrainingRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireApiKey);
  routes.get("/", (c) => {
    const db = c.get("db");
    const entity = c.get("user").entity;
    const models = Object.values(TRAINING_SEED.models)
      .map((id) => findModel(db, id))
      .filter((model) => model !== undefined && model.entity === entity)
      .map((model) => ({ id: model!.id, entity: model!.entity, project: model!.project, name: model!.name, base_model: model!.base_model }));
    const readable = new Set(models.map((m) => m.id));
    const jobs = Object.values(TRAINING_SEED.jobs)
      .map((id) => findJob(db, id))
      .filter((job) => job !== undefined && readable.has(job.model_id))
      .map((job) => ({ id: job!.id, model_id: job!.model_id, kind: job!.kind, created_at: job!.created_at }));
    return c.json({ models, jobs });
  });
  return routes;
}
