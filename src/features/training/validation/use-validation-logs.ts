import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApiClients } from "@/connection/api-clients";
import { useLocalServices } from "@/connection/use-local-services";
import { modelQueries } from "../api/models";
import type { ValidationPoints } from "../charts/validation-series";
import { validationForJob } from "./validation-points";

/** While a job runs, how often its model's validation logs are read again. */
const VALIDATION_POLL_MS = 5_000;

/**
 * A model's logs of split `val` (metrics only), on the local services: the real service keeps
 * what `/log` computes in W&B and has no way to read it back, so elsewhere this reads nothing.
 */
export function useValidationLogs(modelId: string | undefined, running: boolean) {
  const local = useLocalServices();
  const { training } = useApiClients();
  return useQuery({
    ...modelQueries.logs(training, modelId ?? "", "val"),
    enabled: local && modelId !== undefined,
    refetchInterval: running ? VALIDATION_POLL_MS : false,
  });
}

/** This job's validation series by metric (see validationForJob), or undefined until read (or elsewhere than the local services). */
export function useJobValidation(
  modelId: string | undefined,
  firstStep: number | null,
  lastStep: number | null,
  running: boolean,
): ReadonlyMap<string, ValidationPoints> | undefined {
  const logs = useValidationLogs(modelId, running).data;
  // While the job runs every later log is its own: its last step bounds nothing (nor redraws).
  const last = running ? null : lastStep;
  return useMemo(
    () => (logs ? validationForJob(logs, { firstStep, lastStep: last, running }) : undefined),
    [logs, firstStep, last, running],
  );
}
