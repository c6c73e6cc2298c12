import * as z from "zod/mini";

/**
 * The models and jobs this browser created or opened on one training service. The service lists
 * neither (contract-decisions.md), so without this the dashboard could not show them again.
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

/**
 * Where a job's training data came from, when this browser made it from something it can name
 * (the service keeps no such record): a queue's answers to one question (train-from-queue).
 */
export const JobOrigin = z.object({
  kind: z.literal("queue"),
  projectId: z.string().check(z.maxLength(300)),
  queueId: id,
  queueName: z.string().check(z.maxLength(500)),
  rewardSpec: z.object({ ref: z.string().check(z.maxLength(1000)), label: z.string().check(z.maxLength(500)) }),
});
export type JobOrigin = z.infer<typeof JobOrigin>;

export const RegistryJob = z.object({
  id,
  /** Known when this browser created the job, or when the user said which model it trains. */
  model_id: z.optional(id),
  kind: z.optional(z.enum(["rl", "sft"])),
  /** When the service made the job, where known (the local services' seeded demo); else a job created here was made at `added_at`. */
  created_at: z.optional(z.string().check(z.maxLength(40))),
  added_at: z.string(),
  source,
  origin: z.optional(JobOrigin),
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
export function modelPath(model: Pick<RegistryModel, "entity" | "project" | "name"> | undefined): { entity: string; project: string; name: string } | null {
  if (!model?.entity || !model.project || !model.name) return null;
  return { entity: model.entity, project: model.project, name: model.name };
}
