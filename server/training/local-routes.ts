import type { Hono } from "hono";
import { LocalLogsQuery, ModelPath, type LocalLogList } from "../../contract/training";
import type { AppEnv } from "../http/env";
import { validatePath, validateQuery } from "../http/validate";
import { TRAINING_SEED } from "../seed/training-seed";
import { ownedModel } from "./access";
import { findJob } from "./job-store";
import { listLogMetrics } from "./log-store";
import { findModel } from "./model-store";

/**
 * What the dashboard asks on the local services only (the real training service has no such
 * paths), under `/local/`, behind the key check.
 */
export function registerLocalRoutes(service: Hono<AppEnv>): void {
  /**
   * The seeded demo models and jobs the caller's entity may read, with their names, so a new
   * browser on the local services lists them at once (the training service lists neither, so the
   * dashboard otherwise knows only what it created or was given by id). Deleted ones are left out.
   */
  service.get("/local/seeded", (c) => {
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

  /**
   * `GET /local/models/{model_id}/logs?split=val&after=<id>&limit=`: the metrics of the model's
   * logged trajectories (not the trajectories), each at the step it was logged at. The caller's
   * entity must own the model (404 for an unknown one and for another entity's alike), as for every model read.
   */
  service.get("/local/models/:modelId/logs", (c) => {
    const { modelId } = validatePath(c, ModelPath);
    const query = validateQuery(c, LocalLogsQuery);
    const model = ownedModel(c, modelId);
    const page = listLogMetrics(c.get("db"), model.id, { split: query.split, afterId: query.after ?? 0, limit: query.limit });
    return c.json<LocalLogList>({ data: page.data, has_more: page.hasMore });
  });
}
