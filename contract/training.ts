import * as z from "zod/mini";
import { cursorPage, intAtLeast } from "./common";
import { boundedArray, boundedNonEmpty, LIMITS, maxChars } from "./limits";

// The training service (W&B serverless training, OpenAI-compatible, under /v1).
// Shapes from docs/contract-decisions.md#training and #training-events. Unlike the
// trace service's, the training service's request models forbid no extra keys upstream: requests
// here are `z.object` (unknown keys are ignored), so what ART sends (model_id in /log,
// config.metric_logging) is taken as the real service takes it.

/** Project and model names: what W&B accepts in a run path. */
const resourceName = z
  .string()
  .check(
    maxChars(LIMITS.labelLength),
    z.trim(),
    z.minLength(1, "must not be empty"),
    z.maxLength(128),
    z.regex(/^[\w.-]+$/, "may contain letters, digits, '-', '_' and '.'"),
  );
/** A model or job id in a body. */
const resourceId = boundedNonEmpty(LIMITS.idLength);
const positiveNumber = z.number().check(z.positive());

// ---- path parameters ----

export const ModelPath = z.object({ modelId: resourceId });
export const JobPath = z.object({ jobId: resourceId });

// ---- models ----

export const CreateModelRequest = z.object({
  entity: z.nullish(boundedNonEmpty(LIMITS.labelLength)),
  project: resourceName,
  name: resourceName,
  base_model: boundedNonEmpty(LIMITS.labelLength),
  return_existing: z._default(z.boolean(), false),
});
export type CreateModelRequest = z.input<typeof CreateModelRequest>;

export const TrainingModel = z.object({
  id: z.string(),
  entity: z.string(),
  project: z.string(),
  name: z.string(),
  base_model: z.string(),
  run_id: z.nullish(z.string()),
});
export type TrainingModel = z.infer<typeof TrainingModel>;

export const DeleteModelResponse = z.object({
  model_id: z.string(),
  deleted_checkpoints: z.number(),
  deleted_run: z.boolean(),
});
export type DeleteModelResponse = z.infer<typeof DeleteModelResponse>;

// ---- checkpoints ----

export const Metrics = z.record(z.string(), z.number());
export type Metrics = z.infer<typeof Metrics>;

export const Checkpoint = z.object({ id: z.string(), step: z.int(), metrics: Metrics });
export type Checkpoint = z.infer<typeof Checkpoint>;

export const CheckpointList = cursorPage(Checkpoint);
export type CheckpointList = z.infer<typeof CheckpointList>;

/** Query string of the cursor-paged lists. Values arrive as strings, hence the coercion. */
const cursorQuery = {
  after: z.optional(boundedNonEmpty(LIMITS.idLength)),
  limit: z._default(z.pipe(z.coerce.number(), intAtLeast(1).check(z.lte(100))), 20),
};
export const ListCheckpointsQuery = z.object({
  ...cursorQuery,
  order: z._default(z.enum(["asc", "desc"]), "asc"),
});
export type ListCheckpointsQuery = z.input<typeof ListCheckpointsQuery>;

export const DeleteCheckpointsRequest = z.object({
  steps: boundedArray(intAtLeast(0), LIMITS.checkpointSteps).check(z.minLength(1)),
});
export type DeleteCheckpointsRequest = z.input<typeof DeleteCheckpointsRequest>;
export const DeleteCheckpointsResponse = z.object({
  deleted_count: z.int(),
  not_found_steps: z.array(z.int()),
});
export type DeleteCheckpointsResponse = z.infer<typeof DeleteCheckpointsResponse>;

// ---- trajectories ----

/** A chat message, or an OpenAI `choice` wrapping the assistant's message. */
export const TrajectoryMessage = z.looseObject({
  role: z.string(),
  content: z.nullish(z.union([z.string(), z.array(z.unknown())])),
});
export const TrajectoryChoice = z.looseObject({
  message: TrajectoryMessage,
  finish_reason: z.nullish(z.string()),
  index: z.nullish(z.int()),
});

/** One trajectory, checked in full (by the job runner, and by the dashboard's file preview). */
export const Trajectory = z.object({
  messages_and_choices: z.array(z.union([TrajectoryMessage, TrajectoryChoice])).check(z.minLength(1)),
  reward: z.number(),
  // ART logs booleans too (a "correct" flag); numbers and booleans, as the real model types them.
  metrics: z.nullish(z.record(z.string(), z.union([z.number(), z.boolean()]))),
  metadata: z.nullish(z.record(z.string(), z.unknown())),
  logs: z.nullish(z.array(z.string())),
});
export type Trajectory = z.infer<typeof Trajectory>;

export const TrajectoryGroup = z.object({ trajectories: z.array(Trajectory).check(z.minLength(1)) });
export type TrajectoryGroup = z.infer<typeof TrajectoryGroup>;

export const LogTrajectoriesRequest = z.object({
  // ART sends the model's id again in the body; the path's id is the one used.
  model_id: z.optional(resourceId),
  split: z._default(boundedNonEmpty(LIMITS.labelLength), "val"),
  trajectory_groups: z.array(TrajectoryGroup).check(z.minLength(1)),
});
export type LogTrajectoriesRequest = z.input<typeof LogTrajectoriesRequest>;
/** The OpenAPI's response schema is `{}`: nothing is promised, so nothing is read. */
export const LogTrajectoriesResponse = z.looseObject({});
export type LogTrajectoriesResponse = z.infer<typeof LogTrajectoriesResponse>;

// ---- jobs ----

export const ExperimentalConfig = z.looseObject({
  learning_rate: z.nullish(positiveNumber),
});

/** Every trajectory is checked at creation (a missing reward is a 422 there, as upstream's model makes it). */
export const CreateRLJobRequest = z.object({
  model_id: resourceId,
  trajectory_groups: z.array(TrajectoryGroup).check(z.minLength(1)),
  experimental_config: z.nullish(ExperimentalConfig),
});
export type CreateRLJobRequest = z.input<typeof CreateRLJobRequest>;

export const SFTConfig = z.object({
  batch_size: z.nullish(z.union([intAtLeast(1).check(z.lte(4096)), z.literal("auto")])),
  learning_rate: z.nullish(z.union([positiveNumber, z.array(positiveNumber).check(z.minLength(1))])),
  // Where the real service logs metrics (W&B); taken and not used by the local simulation.
  metric_logging: z.nullish(z.unknown()),
});

export const TRAINING_DATA_URL_PATTERN = /^(wandb-artifact:\/\/\/[^/\s]+\/[^/\s]+\/[^/\s:]+(:[^/\s]+)?|https:\/\/\S+)$/;
export const CreateSFTJobRequest = z.object({
  model_id: resourceId,
  training_data_url: z
    .string()
    .check(
      maxChars(LIMITS.urlLength),
      z.regex(
        TRAINING_DATA_URL_PATTERN,
        "must be wandb-artifact:///<entity>/<project>/<name>[:version] or an https:// URL",
      ),
    ),
  config: z.nullish(SFTConfig),
  experimental_config: z.nullish(ExperimentalConfig),
});
export type CreateSFTJobRequest = z.input<typeof CreateSFTJobRequest>;

/**
 * One example of SFT training data (a row of the dataset artifact, or a line of a JSONL file):
 * OpenAI's fine-tuning chat format. Checked in full by the job runner when it reads the data.
 */
export const SFTExample = z.looseObject({
  messages: z.array(TrajectoryMessage).check(z.minLength(1)),
  tools: z.nullish(z.array(z.unknown())),
});
export type SFTExample = z.infer<typeof SFTExample>;

export const CreatedJob = z.object({ id: z.string() });
export type CreatedJob = z.infer<typeof CreatedJob>;
/** The real service returns only the id; anything else is tolerated and not relied on. */
export const TrainingJob = z.looseObject({ id: z.string() });
export type TrainingJob = z.infer<typeof TrainingJob>;

export const TRAINING_EVENT_TYPES = ["training_started", "gradient_step", "training_ended", "training_failed"] as const;

export const TrainingEvent = z.object({
  id: z.string(),
  // Other types may appear; the dashboard shows them in the log and ignores them otherwise.
  type: z.string(),
  data: z.pipe(
    z.nullish(z.record(z.string(), z.unknown())),
    z.transform((d) => d ?? {}),
  ),
});
export type TrainingEvent = z.infer<typeof TrainingEvent>;

export const TrainingEventList = cursorPage(TrainingEvent);
export type TrainingEventList = z.infer<typeof TrainingEventList>;

export const ListEventsQuery = z.object(cursorQuery);
export type ListEventsQuery = z.input<typeof ListEventsQuery>;

// ---- health ----

// In a file of their own: the dashboard's shell checks health on every page, and this module's
// other schemas load only with the pages that need them (src/api/clients.ts).
export { Health, SystemCheck } from "./training-health";

/** A checkpoint's address for chat completions: no `:step` suffix means the latest. */
export function checkpointArtifactUrl(model: { entity: string; project: string; name: string }, step?: number): string {
  const base = `wandb-artifact:///${model.entity}/${model.project}/${model.name}`;
  return step === undefined ? base : `${base}:step${step}`;
}

/**
 * Local reference services only (`GET /local/seeded` under the training address; the real service
 * has no such path): the seeded demo models and jobs the key's entity may read, so a new browser
 * lists them without being told their ids.
 */
export const SeededTraining = z.object({
  models: z.array(
    z.object({ id: z.string(), entity: z.string(), project: z.string(), name: z.string(), base_model: z.string() }),
  ),
  // created_at: when the service made the job (optional: an older local server did not say).
  jobs: z.array(
    z.object({ id: z.string(), model_id: z.string(), kind: z.enum(["rl", "sft"]), created_at: z.optional(z.string()) }),
  ),
});
export type SeededTraining = z.infer<typeof SeededTraining>;

/**
 * Local reference services only (`GET /local/models/{model_id}/logs` under the training address;
 * the real service has no such path: there `/log` metrics go to W&B): the metrics of a model's
 * logged trajectories of one split, each at the model step it was logged at (its latest
 * checkpoint then), oldest first, so the dashboard can draw validation beside training.
 */
export const LocalLogsQuery = z.object({
  split: z._default(boundedNonEmpty(LIMITS.labelLength), "val"),
  /** The last `id` seen: only later logs. */
  after: z.optional(z.pipe(z.coerce.number(), intAtLeast(0))),
  limit: z._default(z.pipe(z.coerce.number(), intAtLeast(1).check(z.lte(1000))), 1000),
});
export type LocalLogsQuery = z.input<typeof LocalLogsQuery>;
export const LocalLoggedMetrics = z.object({
  id: z.int(),
  split: z.string(),
  step: z.number(),
  metrics: z.record(z.string(), z.number()),
  created_at: z.string(),
});
export type LocalLoggedMetrics = z.infer<typeof LocalLoggedMetrics>;
export const LocalLogList = z.object({ data: z.array(LocalLoggedMetrics), has_more: z.boolean() });
export type LocalLogList = z.infer<typeof LocalLogList>;
