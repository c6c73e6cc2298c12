import type { CreateRLJobRequest, TrajectoryGroup } from "@contract/training";
import type { TrainingClient } from "@/api/training";
import { recordCreatedJob, type JobOrigin, type RegistryModel } from "@/features/training";
import type { ModelChoice } from "./train-url-state";
import { utf8Bytes } from "./trajectories/request-size";

/**
 * The most a job's request may weigh: the training service's body limit for bulk uploads (32 MiB
 * on the local services, MAX_BODY_BYTES). A larger set is refused here, before anything is sent,
 * with the figures to make it smaller.
 */
export const MAX_JOB_BYTES = 32 * 1024 * 1024;

export type StartProgress =
  | { step: "model" }
  | { step: "measure"; groups: number }
  | { step: "send"; groups: number; bytes: number };

export class TooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(
      `The trajectory groups come to ${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MiB, more than the ${MAX_JOB_BYTES / 1024 / 1024} MiB the training service takes in one job. ` +
        "Count fewer items (states), leave out groups of one, or download the groups and split them.",
    );
    this.name = "TooLargeError";
  }
}

type Registry = {
  upsertModel: (model: Omit<RegistryModel, "added_at" | "source"> & Partial<Pick<RegistryModel, "source">>) => void;
  upsertJob: Parameters<typeof recordCreatedJob>[0]["upsertJob"];
};

/**
 * Starts an RL job from the groups: creates the model first when a new one was chosen (and
 * records it, calling `onModelCreated` so a retry after a refused job reuses it instead of making
 * another), checks the size, sends the job and records it with its facts and origin, as the
 * new-job page does. Returns the job's id.
 */
export async function startQueueJob(options: {
  training: TrainingClient;
  registry: Registry;
  model: ModelChoice;
  groups: readonly TrajectoryGroup[];
  origin: JobOrigin;
  onProgress: (progress: StartProgress) => void;
  onModelCreated: (modelId: string) => void;
  signal?: AbortSignal;
}): Promise<string> {
  const { training, registry, model, groups, origin, onProgress, onModelCreated, signal } = options;
  let modelId: string;
  if (model.kind === "new") {
    onProgress({ step: "model" });
    const created = await training.createModel(
      { project: model.project.trim(), name: model.name.trim(), base_model: model.base },
      { signal },
    );
    registry.upsertModel({
      id: created.id,
      entity: created.entity,
      project: created.project,
      name: created.name,
      base_model: created.base_model,
      source: "created",
    });
    onModelCreated(created.id);
    modelId = created.id;
  } else modelId = model.id;
  onProgress({ step: "measure", groups: groups.length });
  const request: CreateRLJobRequest = { model_id: modelId, trajectory_groups: [...groups] };
  const bytes = utf8Bytes(JSON.stringify(request));
  if (bytes > MAX_JOB_BYTES) throw new TooLargeError(bytes);
  onProgress({ step: "send", groups: groups.length, bytes });
  const job = await training.createRLJob(request, { signal });
  recordCreatedJob(registry, job.id, { kind: "rl", request, origin });
  return job.id;
}
