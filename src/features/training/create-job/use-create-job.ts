import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { useApiClients } from "@/connection/api-clients";
import { useRegistryStore } from "../registry/registry-context";
import { recordCreatedJob, type CreatedJobInput } from "../registry/record-created-job";
import { paths } from "@/lib/paths";

/**
 * Sends a new job; on success it joins this browser's list, with the facts the service will not
 * give back (its request, its data's size and source, when it was made), and its page opens.
 */
export function useCreateJob() {
  const { training } = useApiClients();
  const store = useRegistryStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: CreatedJobInput) =>
      input.kind === "rl" ? training.createRLJob(input.request) : training.createSFTJob(input.request),
    onSuccess: (job, input) => {
      recordCreatedJob(store, job.id, input);
      void navigate(paths.trainingJob(job.id));
    },
  });
}
