import { INFERENCE_PROJECT_HEADER, InferenceModelList } from "@contract/inference";
import { bearerAuth } from "./auth";
import { chatMethods } from "./chat";
import { clientScope, type ServiceClientConfig } from "./client-config";
import { createHttpClient, type CallOptions } from "./http";

export type InferenceClientConfig = ServiceClientConfig & {
  /** `<team>/<project>` for usage tracking; "" or absent sends no header. */
  project?: string;
};

export type InferenceClient = ReturnType<typeof createInferenceClient>;

/** The inference service (W&B Inference, OpenAI-compatible), base URL ending in /v1. */
export function createInferenceClient(config: InferenceClientConfig) {
  const project = config.project?.trim();
  const http = createHttpClient({
    ...config,
    service: "inference",
    authHeaders: bearerAuth,
    extraHeaders: project ? { [INFERENCE_PROJECT_HEADER]: project } : undefined,
  });
  const scope = clientScope("inference", config);

  return {
    scope,

    listModels(options?: CallOptions): Promise<InferenceModelList> {
      return http.json({ method: "GET", path: "/models", options }, InferenceModelList);
    },

    ...chatMethods(http),
  };
}
