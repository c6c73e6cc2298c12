import type { Checkpoint, TrainingEvent } from "@contract/training";
import type { CallOptions } from "@/api/http";
import type { TrainingClient } from "@/api/training";

/**
 * Whether a job trains a given model. Job events do not name the model, but each gradient step
 * saves a checkpoint on the model with the step's own figures, so the job's first step must be
 * one of the model's checkpoints, figure for figure. A matching checkpoint confirms the link; one
 * with other figures refutes it; no checkpoint at that step (deleted, or never made) or no step
 * yet leaves it unconfirmed, and the page says so rather than guess.
 */
export type ModelLinkCheck =
  | { kind: "confirmed"; step: number }
  | { kind: "mismatch"; step: number }
  | { kind: "unconfirmed"; reason: string };

/** The first gradient step among events: its model step and figures. */
export function firstTrainedStep(
  events: readonly TrainingEvent[],
): { step: number; metrics: Record<string, number> } | null {
  for (const event of events) {
    if (event.type !== "gradient_step") continue;
    const { step, ...rest } = event.data;
    if (typeof step !== "number") continue;
    const metrics: Record<string, number> = {};
    for (const [name, value] of Object.entries(rest)) if (typeof value === "number") metrics[name] = value;
    return { step, metrics };
  }
  return null;
}

/** Compares a job's first step with the model's checkpoint at that step (if any). */
export function judgeModelLink(
  trained: { step: number; metrics: Record<string, number> } | null,
  checkpoint: Checkpoint | null,
  modelLabel: string,
): ModelLinkCheck {
  if (!trained)
    return { kind: "unconfirmed", reason: "the job has not trained a step yet, so nothing ties it to a model." };
  if (!checkpoint)
    return {
      kind: "unconfirmed",
      reason: `${modelLabel} has no checkpoint at step ${trained.step}, the job's first step (it may have been deleted, or the job trains another model).`,
    };
  const shared = Object.keys(trained.metrics).filter((name) => name in checkpoint.metrics);
  if (shared.length === 0)
    return {
      kind: "unconfirmed",
      reason: `${modelLabel}'s checkpoint at step ${trained.step} has none of the figures the job's step reported.`,
    };
  const same = shared.every((name) => checkpoint.metrics[name] === trained.metrics[name]);
  return same ? { kind: "confirmed", step: trained.step } : { kind: "mismatch", step: trained.step };
}

/** Checkpoint pages read while looking for one step: enough for 10,000 checkpoints. */
const MAX_PAGES = 100;

/** The model's checkpoint at `step`, read in ascending pages until it or a later step shows. */
async function checkpointAt(
  client: TrainingClient,
  modelId: string,
  step: number,
  options: CallOptions,
): Promise<Checkpoint | null> {
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const list = await client.listCheckpoints(modelId, { after, limit: 100, order: "asc" }, options);
    const found = list.data.find((c) => c.step >= step);
    if (found) return found.step === step ? found : null;
    if (!list.has_more || !list.last_id) return null;
    after = list.last_id;
  }
  return null;
}

/** Reads the job's first events and the model's checkpoint at its first step, and judges the link. */
export async function checkModelLink(
  client: TrainingClient,
  jobId: string,
  model: { id: string; label: string },
  options: CallOptions = {},
): Promise<ModelLinkCheck> {
  const events = await client.listEvents(jobId, { limit: 100 }, options);
  const trained = firstTrainedStep(events.data);
  return judgeModelLink(
    trained,
    trained ? await checkpointAt(client, model.id, trained.step, options) : null,
    model.label,
  );
}
