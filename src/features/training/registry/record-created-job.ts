import type { CreateRLJobRequest, CreateSFTJobRequest } from "@contract/training";
import { requestFacts, rlDataSize } from "../facts/request-facts";
import type { JobOrigin } from "./registry-schema";
import type { RegistryStore } from "./registry-store";

export type CreatedJobInput = (
  | { kind: "rl"; request: CreateRLJobRequest }
  | { kind: "sft"; request: CreateSFTJobRequest }
) & {
  /** Where the data came from (a file, a queue), kept with the job's facts. */
  origin?: JobOrigin;
};

/**
 * Records a job this browser just made, with the facts the service will not give back: its
 * request, its data's size and source, and when it was made. Every way of starting a job goes
 * through here, so the job page knows the same facts whichever page started it.
 */
export function recordCreatedJob(
  store: Pick<RegistryStore, "upsertJob">,
  jobId: string,
  input: CreatedJobInput,
  now: Date = new Date(),
): void {
  store.upsertJob({
    id: jobId,
    model_id: input.request.model_id,
    kind: input.kind,
    source: "created",
    created_at: now.toISOString(),
    request: requestFacts(input),
    ...(input.kind === "rl" ? { data_size: rlDataSize(input.request) } : {}),
    ...(input.origin ? { origin: input.origin } : {}),
  });
}
