import type { Hono } from "hono";
import type { InferenceModelList } from "../../contract/inference";
import type { AppEnv } from "../http/env";
import { inferenceModels } from "./catalog";

/** The models the service serves, as OpenAI's `GET /models` lists them. */
export function registerInferenceModelRoutes(service: Hono<AppEnv>): void {
  service.get("/models", (c) => c.json<InferenceModelList>({ object: "list", data: inferenceModels() }));
}
