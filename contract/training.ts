import { z } from "zod";
import { cursorPage } from "./common";

// The training service (W&B serverless training, OpenAI-compatible, under /v1).
// Shapes from contract-decisions.md ("Training service, real shapes").

// ---- models ----

export const CreateModelRequest = z.strictObject({
  entity: z.string().min(1).nullish(),
  project: z.string().trim().min(1, "must not be empty").max(128).regex(/^[\w.-]+$/, "may contain letters, digits, '-', '_' and '.'"),
  name: z.string().trim().min(1, "must not be empty").max(128).regex(/^[\w.-]+$/, "may contain letters, digits, '-', '_' and '.'"),
  base_model: z.string().min(1, "must not be empty"),
  return_existing: z.boolean().default(false),
});
export type CreateModelRequest = z.input<typeof CreateModelRequest>;

export const TrainingModel = z.object({
  id: z.string(),
  entity: z.string(),
  project: z.string(),
  name: z.string(),
  base_model: z.string(),
  run_id: z.string().nullish(),
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
  after: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
export const ListCheckpointsQuery = z.strictObject({
  ...cursorQuery,
  order: z.enum(["asc", "desc"]).default("asc"),
});
export type ListCheckpointsQuery = z.input<typeof ListCheckpointsQuery>;

export const DeleteCheckpointsRequest = z.strictObject({ steps: z.array(z.int().min(0)).min(1) });
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
  content: z.union([z.string(), z.array(z.unknown())]).nullish(),
});
export const TrajectoryChoice = z.looseObject({
  message: TrajectoryMessage,
  finish_reason: z.string().nullish(),
  index: z.int().nullish(),
});

/** One trajectory, checked in full (by the job runner, and by the dashboard's file preview). */
export const Trajectory = z.object({
  messages_and_choices: z.array(z.union([TrajectoryMessage, TrajectoryChoice])).min(1),
  reward: z.number(),
  metrics: z.record(z.string(), z.number()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  logs: z.array(z.string()).nullish(),
});
export type Trajectory = z.infer<typeof Trajectory>;

export const TrajectoryGroup = z.object({ trajectories: z.array(Trajectory).min(1) });
export type TrajectoryGroup = z.infer<typeof TrajectoryGroup>;

/**
 * What the create-job endpoint checks up front: the envelope only. A malformed trajectory inside
 * is not a 422; the job is accepted and ends in `training_failed` naming the bad trajectory, as
 * the real service reports errors found while preparing the data.
 */
export const TrajectoryGroupEnvelope = z.object({
  trajectories: z.array(z.record(z.string(), z.unknown())).min(1),
});

export const LogTrajectoriesRequest = z.strictObject({
  split: z.string().min(1).default("val"),
  trajectory_groups: z.array(TrajectoryGroup).min(1),
});
export type LogTrajectoriesRequest = z.input<typeof LogTrajectoriesRequest>;
export const LogTrajectoriesResponse = z.object({
  split: z.string(),
  num_groups: z.int(),
  num_trajectories: z.int(),
  metrics: Metrics,
});

// ---- jobs ----

export const ExperimentalConfig = z.looseObject({
  learning_rate: z.number().positive().nullish(),
});

export const CreateRLJobRequest = z.strictObject({
  model_id: z.string().min(1),
  trajectory_groups: z.array(TrajectoryGroupEnvelope).min(1),
  experimental_config: ExperimentalConfig.nullish(),
});
export type CreateRLJobRequest = z.input<typeof CreateRLJobRequest>;

export const SFTConfig = z.strictObject({
  batch_size: z.union([z.int().min(1).max(4096), z.literal("auto")]).nullish(),
  learning_rate: z.union([z.number().positive(), z.array(z.number().positive()).min(1)]).nullish(),
});

export const TRAINING_DATA_URL_PATTERN = /^(wandb-artifact:\/\/\/[^/\s]+\/[^/\s]+\/[^/\s:]+(:[^/\s]+)?|https:\/\/\S+)$/;
export const CreateSFTJobRequest = z.strictObject({
  model_id: z.string().min(1),
  training_data_url: z
    .string()
    .regex(TRAINING_DATA_URL_PATTERN, "must be wandb-artifact:///<entity>/<project>/<name>[:version] or an https:// URL"),
  config: SFTConfig.nullish(),
  experimental_config: ExperimentalConfig.nullish(),
});
export type CreateSFTJobRequest = z.input<typeof CreateSFTJobRequest>;

/**
 * One example of SFT training data (a row of the dataset artifact, or a line of a JSONL file):
 * OpenAI's fine-tuning chat format. Checked in full by the job runner when it reads the data.
 */
export const SFTExample = z.looseObject({
  messages: z.array(TrajectoryMessage).min(1),
  tools: z.array(z.unknown()).nullish(),
});
export type SFTExample = z.infer<typeof SFTExample>;

export const CreatedJob = z.object({ id: z.string() });
/** The real service returns only the id; anything else is tolerated and not relied on. */
export const TrainingJob = z.looseObject({ id: z.string() });
export type TrainingJob = z.infer<typeof TrainingJob>;

export const TRAINING_EVENT_TYPES = ["training_started", "gradient_step", "training_ended", "training_failed"] as const;
export type KnownTrainingEventType = (typeof TRAINING_EVENT_TYPES)[number];

export const TrainingEvent = z.object({
  id: z.string(),
  // Other types may appear; the dashboard shows them in the log and ignores them otherwise.
  type: z.string(),
  data: z.record(z.string(), z.unknown()).nullish().transform((d) => d ?? {}),
});
export type TrainingEvent = z.infer<typeof TrainingEvent>;

export const TrainingEventList = cursorPage(TrainingEvent);
export type TrainingEventList = z.infer<typeof TrainingEventList>;

export const ListEventsQuery = z.strictObject(cursorQuery);
export type ListEventsQuery = z.input<typeof ListEventsQuery>;

// ---- health ----

export const Health = z.looseObject({ status: z.string().nullish() });
/** Each check's value: the local service sends "ok" or a failure message; tolerate any shape. */
export const SystemCheck = z.record(z.string(), z.unknown());
export type SystemCheck = z.infer<typeof SystemCheck>;

/** A checkpoint's address for chat completions: no `:step` suffix means the latest. */
export function checkpointArtifactUrl(model: { entity: string; project: string; name: string }, step?: number): string {
  const base = `wandb-artifact:///${model.entity}/${model.project}/${model.name}`;
  return step === undefined ? base : `${base}:step${step}`;
}
