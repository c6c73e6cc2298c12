import {
  loadInferenceClientModule,
  loadTraceClientModule,
  loadTrainingClientModule,
  loadWandbClientModule,
} from "./client-modules";
import { clientScope } from "./client-config";
import type { ConnectionSettings } from "./connection";
import type { InferenceClient } from "./inference";
import { lazyClient } from "./lazy-client";
import type { TraceClient } from "./trace";
import type { TrainingClient } from "./training";
import { createTrainingHealthChecks } from "./training-health";
import type { WandbClient } from "./wandb";

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
 *
 * Every client loads its code on its first call (lazy-client.ts), except the training health reads
 * every page's sidebar makes: each client carries its part of the wire contract, whose zod schemas
 * are built when its module runs, and a page's first render uses none of them. Pages that call a
 * client before their first paint load its code beside their own (app/pages.ts).
 */
export function createApiClients(settings: ConnectionSettings, options: ApiClientOptions = {}): ApiClients {
  const common = { apiKey: settings.apiKey.trim(), fetch: options.fetch, timeoutMs: options.timeoutMs };
  return {
    trace: lazyClient(clientScope("trace", { ...common, baseUrl: settings.traceBaseUrl }), () =>
      loadTraceClientModule().then(({ createTraceClient }) =>
        createTraceClient({ ...common, baseUrl: settings.traceBaseUrl }),
      ),
    ),
    training: lazyClient(
      clientScope("training", { ...common, baseUrl: settings.trainingBaseUrl }),
      () =>
        loadTrainingClientModule().then(({ createTrainingClient }) =>
          createTrainingClient({ ...common, baseUrl: settings.trainingBaseUrl }),
        ),
      createTrainingHealthChecks({ ...common, baseUrl: settings.trainingBaseUrl }),
    ),
    inference: lazyClient(clientScope("inference", { ...common, baseUrl: settings.inferenceBaseUrl }), () =>
      loadInferenceClientModule().then(({ createInferenceClient }) =>
        createInferenceClient({ ...common, baseUrl: settings.inferenceBaseUrl, project: settings.inferenceProject }),
      ),
    ),
    wandb: lazyClient(clientScope("wandb", { ...common, baseUrl: settings.wandbApiBaseUrl }), () =>
      loadWandbClientModule().then(({ createWandbClient }) =>
        createWandbClient({ ...common, baseUrl: settings.wandbApiBaseUrl }),
      ),
    ),
  };
}
