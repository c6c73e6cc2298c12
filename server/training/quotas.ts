import type { Context } from "hono";
import { createConcurrencyLimiter } from "../http/concurrency";
import { ServiceError } from "../http/errors";
import type { AppEnv } from "../http/env";

// Limits of the training service, per authenticated entity (users own exactly their entity). The
// real service publishes none; these keep one tenant from taking the (simulated) GPU and the chat
// from the others while staying far above what one person's dashboard or an ART run uses.

/** Chat requests (streamed or not) one entity may have in flight. */
export const TRAINING_CHAT_CONCURRENCY = 4;
/** Jobs one entity may have queued or running, across its models (TRAINING_JOBS_PER_ENTITY). */
export const MAX_ACTIVE_JOBS_PER_ENTITY = 8;

export function createTrainingChatLimiter() {
  const limiter = createConcurrencyLimiter(
    TRAINING_CHAT_CONCURRENCY,
    (limit) => `Too many chat requests: at most ${limit} chat requests at a time per entity. Retry when one finishes.`,
  );
  return (c: Context<AppEnv>) => limiter.acquire(c.get("user").entity);
}

/**
 * 429 when the caller's entity already has `limit` jobs queued or running. Called right before the
 * job is inserted, with no await between, so two requests cannot both take the last place.
 */
export function assertJobQuota(c: Context<AppEnv>, limit: number): void {
  const entity = c.get("user").entity;
  const { n } = c
    .get("db")
    .prepare<[string], { n: number }>(
      `SELECT COUNT(*) AS n FROM training_jobs j JOIN training_models m ON m.id = j.model_id
        WHERE m.entity = ? AND j.status IN ('queued', 'running')`,
    )
    .get(entity)!;
  if (n >= limit) {
    throw new ServiceError(
      429,
      `Too many training jobs: at most ${limit} training jobs queued or running per entity, and '${entity}' has ${n}. Create this one when one of them ends.`,
      "too_many_jobs",
    );
  }
}
