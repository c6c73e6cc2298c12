import type { ConnectionSettings } from "./connection";
import { createInferenceClient, type InferenceClient } from "./inference";
import { createTraceClient, type TraceClient } from "./trace";
import { createTrainingClient, type TrainingClient } from "./training";
import { createWandbClient, type WandbClient } from "./wandb";

export type ApiClients = {
  trace: TraceClient;
  training: TrainingClient;
  inference: InferenceClient;
  wandb: WandbClient;
};

export type ApiClientOptions = {
  /** Tests pass the in-process local services' fetch (src/test/local-server.ts). */
  fetch?: typeof fetch;
  /** Per-call timeout; 30 s when absent. */
  timeoutMs?: number;
};

/**
 * The three service clients for one set of connection settings. Make a new set when the
 * settings change: each client captures its key and address, and its `scope` (used in query
 * keys) changes with them, so cached data of another account is never shown.
 */
export function createApiClients(settings: ConnectionSettings, options: ApiClientOptions = {}): ApiClients {
  const common = { apiKey: settings.apiKey.trim(), fetch: options.fetch, timeoutMs: options.timeoutMs };
  return {
    trace: createTraceClient({ ...common, baseUrl: settings.traceBaseUrl }),
    training: createTrainingClient({ ...common, baseUrl: settings.trainingBaseUrl }),
    inference: createInferenceClient({ ...common, baseUrl: settings.inferenceBaseUrl, project: settings.inferenceProject }),
    wandb: createWandbClient({ ...common, baseUrl: settings.wandbApiBaseUrl }),
  };
}
