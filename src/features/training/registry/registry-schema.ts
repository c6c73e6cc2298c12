import * as z from "zod/mini";

/**
 * The models and jobs this browser created or opened on one training service. The service lists
 * neither (docs/contract-decisions.md#training-events), so without this the dashboard could not show them again.
 * Stored in local storage per service address; exported and imported as JSON.
 */

const id = z.string().check(z.minLength(1), z.maxLength(200));
const text = z.optional(z.string().check(z.maxLength(500)));
const source = z.enum(["created", "opened", "imported"]);

export const RegistryModel = z.object({
  id,
  entity: text,
  project: text,
  name: text,
  base_model: text,
  added_at: z.string(),
  source,
});
export type RegistryModel = z.infer<typeof RegistryModel>;

const count = z.int().check(z.gte(0));
const isoTime = z.string().check(z.maxLength(40));

/**
 * Where a job's training data came from, when this browser made it from something it can name
 * (the service keeps no such record): a file the user chose, or a queue's answers to one question
 * ("Train from this queue", branch h18, defines the queue shape the same way).
 */
export const JobOrigin = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("file"), fileName: z.string().check(z.maxLength(500)) }),
  z.object({
    kind: z.literal("queue"),
    projectId: z.string().check(z.maxLength(300)),
    queueId: id,
    queueName: z.string().check(z.maxLength(500)),
    rewardSpec: z.object({ ref: z.string().check(z.maxLength(1000)), label: z.string().check(z.maxLength(500)) }),
  }),
]);
export type JobOrigin = z.infer<typeof JobOrigin>;

/** What the job was asked to do, as sent (the service gives none of it back). */
export const JobRequestFacts = z.object({
  learning_rate: z.optional(z.union([z.number(), z.array(z.number()).check(z.maxLength(1_000))])),
  batch_size: z.optional(z.union([count, z.literal("auto")])),
  /** The experimental config as sent, minus what is shown on its own (learning_rate). */
  experimental_config: z.optional(z.record(z.string().check(z.maxLength(200)), z.unknown())),
  training_data_url: text,
});
export type JobRequestFacts = z.infer<typeof JobRequestFacts>;

/** The data sent, counted when the job was made here (an SFT job's data lives at its URL: not counted). */
export const JobDataSize = z.object({
  groups: z.optional(count),
  trajectories: z.optional(count),
  tokens: z.optional(count),
});
export type JobDataSize = z.infer<typeof JobDataSize>;

export const RegistryJob = z.object({
  id,
  /** Known when this browser created the job, or when the user said which model it trains. */
  model_id: z.optional(id),
  kind: z.optional(z.enum(["rl", "sft"])),
  added_at: z.string(),
  source,
  // Facts the service cannot give (its job is `{id}`, its events carry no times). All optional:
  // registries written before them still read, and a job opened by id has none of them.
  /**
   * When the job was made: by this browser (its request was answered), or by the service where it
   * says (the local services' seeded demo). Unknown for a job opened by id (shown from `added_at`).
   */
  created_at: z.optional(isoTime),
  request: z.optional(JobRequestFacts),
  data_size: z.optional(JobDataSize),
  origin: z.optional(JobOrigin),
  /** When a page of this browser saw training start / end arrive (not read from history). */
  seen_started_at: z.optional(isoTime),
  seen_finished_at: z.optional(isoTime),
});
export type RegistryJob = z.infer<typeof RegistryJob>;

export type Registry = { models: RegistryModel[]; jobs: RegistryJob[] };
export const EMPTY_REGISTRY: Registry = Object.freeze({ models: [], jobs: [] }) as unknown as Registry;

export const REGISTRY_FILE_FORMAT = "wbops.training-registry";

/** The export file: the entries plus where they came from. */
export const RegistryFile = z.object({
  format: z.literal(REGISTRY_FILE_FORMAT),
  version: z.literal(1),
  service_url: z.optional(z.string()),
  exported_at: z.optional(z.string()),
  models: z.array(RegistryModel).check(z.maxLength(100_000)),
  jobs: z.array(RegistryJob).check(z.maxLength(100_000)),
});
export type RegistryFile = z.infer<typeof RegistryFile>;

/** A model's full name when known: what checkpoint addresses are made of. */
export function modelPath(
  model: Pick<RegistryModel, "entity" | "project" | "name"> | undefined,
): { entity: string; project: string; name: string } | null {
  if (!model?.entity || !model.project || !model.name) return null;
  return { entity: model.entity, project: model.project, name: model.name };
}
