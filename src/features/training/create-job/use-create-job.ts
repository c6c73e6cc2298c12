import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { CreateRLJobRequest, CreateSFTJobRequest } from "@contract/training";
import { useApiClients } from "@/settings/api-clients";
import { useRegistryStore } from "../registry/registry-context";
import { paths } from "@/lib/paths";

export type CreateJobInput = { kind: "rl"; request: CreateRLJobRequest } | { kind: "sft"; request: CreateSFTJobRequest };

/** Sends a new job; on success it joins this browser's list and its page opens. */
export function useCreateJob() {
  const { training } = useApiClients();
  const store = useRegistryStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: CreateJobInput) => (input.kind === "rl" ? training.createRLJob(input.request) : training.createSFTJob(input.request)),
    onSuccess: (job, input) => {
      store.upsertJob({ id: job.id, model_id: input.request.model_id, kind: input.kind, source: "created" });
      void navigate(paths.trainingJob(job.id));
    },
  });
}
