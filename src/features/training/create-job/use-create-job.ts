import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { CreateRLJobRequest, CreateSFTJobRequest } from "@contract/training";
import { useApiClients } from "@/settings/api-clients";
import { requestFacts, rlDataSize } from "../facts/request-facts";
import { useRegistryStore } from "../registry/registry-context";
import type { JobOrigin } from "../registry/registry-schema";
import { paths } from "@/lib/paths";

export type CreateJobInput = ({ kind: "rl"; request: CreateRLJobRequest } | { kind: "sft"; request: CreateSFTJobRequest }) & {
  /** Where the data came from (a file, a queue), kept with the job's facts. */
  origin?: JobOrigin;
};

/**
 * Sends a new job; on success it joins this browser's list, with the facts the service will not
 * give back (its request, its data's size and source, when it was made), and its page opens.
 */
export function useCreateJob() {
  const { training } = useApiClients();
  const store = useRegistryStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: CreateJobInput) => (input.kind === "rl" ? training.createRLJob(input.request) : training.createSFTJob(input.request)),
    onSuccess: (job, input) => {
      store.upsertJob({
        id: job.id,
        model_id: input.request.model_id,
        kind: input.kind,
        source: "created",
        created_at: new Date().toISOString(),
        request: requestFacts(input),
        ...(input.kind === "rl" ? { data_size: rlDataSize(input.request) } : {}),
        ...(input.origin ? { origin: input.origin } : {}),
      });
      void navigate(paths.trainingJob(job.id));
    },
  });
}
