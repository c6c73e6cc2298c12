import type { Context } from "hono";
import { assertEntityAccess } from "../auth/middleware";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import type { AppEnv } from "../http/env";
import { findJob, type JobRow } from "./job-store";
import { findModel } from "./model-store";

/** The model `id` if it exists (404) and belongs to the caller's entity (403). */
export function ownedModel(c: Context<AppEnv>, id: string) {
  const model = findModel(c.get("db"), id);
  if (!model) throw new ServiceError(404, `Model '${echo(id)}' not found.`, "model_not_found");
  assertEntityAccess(c.get("user"), model.entity);
  return model;
}

/** The job `id` if it exists (404) and its model belongs to the caller's entity (403). */
export function ownedJob(c: Context<AppEnv>, id: string): JobRow {
  const job = findJob(c.get("db"), id);
  const model = job && findModel(c.get("db"), job.model_id);
  if (!job || !model) throw new ServiceError(404, `Training job '${echo(id)}' not found.`, "job_not_found");
  assertEntityAccess(c.get("user"), model.entity);
  return job;
}
