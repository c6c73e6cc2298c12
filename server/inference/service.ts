import { Hono, type Context } from "hono";
import { ProjectId } from "../../contract/common";
import { INFERENCE_PROJECT_HEADER } from "../../contract/inference";
import { entityOfProject, requireApiKey } from "../auth/middleware";
import { registerChatRoutes } from "../chat/routes";
import { ServiceError, serviceErrorHandler } from "../http/errors";
import type { AppEnv } from "../http/env";
import { INFERENCE_MODEL_IDS, MODELS_WITHOUT_STRUCTURED_OUTPUT } from "./catalog";
import { registerInferenceModelRoutes } from "./model-routes";
import { createConcurrencyLimiter } from "../http/concurrency";

export type InferenceServiceOptions = {
  chatTokenDelayMs: number;
  /** Concurrent chat requests allowed per entity (429 above); default 4. */
  concurrencyLimit?: number;
};

export const DEFAULT_CONCURRENCY_LIMIT = 4;

/**
 * Checks the request's project (OpenAI-Project header, optional): 400 when malformed, 403 when it
 * is not a project of the caller's entity. The header only tags usage; quotas never key on it.
 */
function checkProject(c: Context<AppEnv>): void {
  const header = c.req.header(INFERENCE_PROJECT_HEADER);
  if (header === undefined) return;
  if (!ProjectId.safeParse(header).success) {
    throw new ServiceError(
      400,
      `The ${INFERENCE_PROJECT_HEADER} header must be of the form <team>/<project>.`,
      "invalid_project",
    );
  }
  const entity = entityOfProject(header);
  if (entity !== c.get("user").entity) {
    throw new ServiceError(
      403,
      `Permission denied: your key may not use projects of team '${entity}' (${INFERENCE_PROJECT_HEADER}).`,
      "permission_denied",
    );
  }
}

/**
 * The inference service (real: W&B Inference), OpenAI-compatible. Errors OpenAI-style. Model
 * listing, auth, project header and the concurrency limit are real; replies come from the local
 * simulation shared with the training service (server/chat).
 */
export function createInferenceService(options: InferenceServiceOptions): Hono<AppEnv> {
  const service = new Hono<AppEnv>();
  const limiter = createConcurrencyLimiter(
    options.concurrencyLimit ?? DEFAULT_CONCURRENCY_LIMIT,
    (limit) => `Concurrency limit reached: at most ${limit} requests at a time per team. Retry when one finishes.`,
  );
  service.use("*", requireApiKey);
  service.use("*", async (c, next) => {
    checkProject(c);
    await next();
  });

  registerInferenceModelRoutes(service);
  registerChatRoutes(service, {
    tokenDelayMs: options.chatTokenDelayMs,
    servedModels: INFERENCE_MODEL_IDS,
    proseOnlyModels: MODELS_WITHOUT_STRUCTURED_OUTPUT,
    admit: (c) => limiter.acquire(c.get("user").entity),
  });

  service.onError(serviceErrorHandler("openai"));
  return service;
}
