import type { Context } from "hono";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import type { AppEnv } from "../http/env";
import { findJob, type JobRow } from "./job-store";
import { findModel } from "./model-store";

// Another entity's model or job answers exactly as one that does not exist: a different status
// or wording ("permission denied ... entity 'x'") would tell any key which ids exist and whose.

/** The model `id` when it exists and belongs to the caller's entity; else 404. */
export function ownedModel(c: Context<AppEnv>, id: string) {
  const model = findModel(c.get("db"), id);
  if (!model || model.entity !== c.get("user").entity)
    throw new ServiceError(404, `Model '${echo(id)}' not found.`, "model_not_found");
  return model;
}

/** The job `id` when it exists and its model belongs to the caller's entity; else 404. */
export function ownedJob(c: Context<AppEnv>, id: string): JobRow {
  const job = findJob(c.get("db"), id);
  const model = job && findModel(c.get("db"), job.model_id);
  if (!job || !model || model.entity !== c.get("user").entity)
    throw new ServiceError(404, `Training job '${echo(id)}' not found.`, "job_not_found");
  return job;
}
