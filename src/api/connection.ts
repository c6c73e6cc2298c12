/**
 * Everything the API module needs to reach the three services. The settings feature owns how
 * these are collected and stored; the API module only reads them.
 */
export type ConnectionSettings = {
  /** Platform API key; "" when none is set. */
  apiKey: string;
  /** Annotation queue (trace) service, e.g. https://trace.wandb.ai or /api/trace. */
  traceBaseUrl: string;
  /** Training service, path ending in /v1. */
  trainingBaseUrl: string;
  /** Inference service, path ending in /v1. */
  inferenceBaseUrl: string;
  /** The W&B API (GraphQL at `<address>/graphql`): who the key belongs to, and its projects. */
  wandbApiBaseUrl: string;
  /** `<entity>/<project>` whose annotation queues are shown; "" when not chosen yet. */
  annotationProject: string;
  /** Optional `<team>/<project>` sent as OpenAI-Project to the inference service; "" for none. */
  inferenceProject: string;
};

export type ServiceName = "trace" | "training" | "inference" | "wandb";

export const SERVICE_LABELS: Record<ServiceName, string> = {
  trace: "Annotation queues",
  training: "Training",
  inference: "Inference",
  wandb: "W&B API",
};

/** Each service's address in the settings, in the order the dashboard lists the services. */
export const SERVICE_URL_FIELDS = {
  trace: "traceBaseUrl",
  training: "trainingBaseUrl",
  inference: "inferenceBaseUrl",
  wandb: "wandbApiBaseUrl",
} as const satisfies Record<ServiceName, keyof ConnectionSettings>;

export type ServiceUrlField = (typeof SERVICE_URL_FIELDS)[ServiceName];
export const SERVICES = Object.keys(SERVICE_URL_FIELDS) as ServiceName[];
export const URL_FIELDS = Object.values(SERVICE_URL_FIELDS) as ServiceUrlField[];
