import { Hono, type Context } from "hono";
import { ProjectId } from "../../contract/common";
import { INFERENCE_PROJECT_HEADER, type InferenceModelList } from "../../contract/inference";
import { requireApiKey } from "../auth/middleware";
import { chatCompletionHandler } from "../chat/handler";
import { ServiceError, serviceErrorHandler } from "../http/errors";
import type { AppEnv } from "../http/env";
import { INFERENCE_MODEL_IDS, inferenceModels } from "./catalog";
import { createConcurrencyLimiter } from "./concurrency";

export type InferenceServiceOptions = {
  chatTokenDelayMs: number;
  /** Concurrent requests allowed per user and project (429 above); default 4. */
  concurrencyLimit?: number;
};

export const DEFAULT_CONCURRENCY_LIMIT = 4;

/** The project of a request (OpenAI-Project header, optional): "" when absent, 400 when malformed. */
function projectOf(c: Context<AppEnv>): string {
  const header = c.req.header(INFERENCE_PROJECT_HEADER);
  if (header === undefined) return "";
  if (!ProjectId.safeParse(header).success) {
    throw new ServiceError(400, `The ${INFERENCE_PROJECT_HEADER} header must be of the form <team>/<project>.`, "invalid_project");
  }
  return header;
}

/**
 * The inference service (real: W&B Inference), OpenAI-compatible. Errors OpenAI-style. Model
 * listing, auth, project header and the concurrency limit are real; replies come from the local
 * simulation shared with the training service (server/chat).
 */
export function createInferenceService(options: InferenceServiceOptions): Hono<AppEnv> {
  const service = new Hono<AppEnv>();
  const limiter = createConcurrencyLimiter(options.concurrencyLimit ?? DEFAULT_CONCURRENCY_LIMIT);
  service.use("*", requireApiKey);
  service.use("*", async (c, next) => {
    projectOf(c);
    await next();
  });

  service.get("/models", (c) => c.json<InferenceModelList>({ object: "list", data: inferenceModels() }));

  service.post(
    "/chat/completions",
    chatCompletionHandler({
      tokenDelayMs: options.chatTokenDelayMs,
      servedModels: INFERENCE_MODEL_IDS,
      admit: (c) => limiter.acquire(`${c.get("user").id}|${projectOf(c)}`),
    }),
  );

  service.onError(serviceErrorHandler("openai"));
  return service;
}
