import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { browserStorage, readItem, writeItem } from "@/lib/browser-storage";
import { useApiClients } from "@/connection/api-clients";
import { useLocalServices } from "@/connection/use-local-services";
import type { MergeReport } from "./registry-file";
import type { RegistryStore } from "./registry-store";

const MERGED_KEY_PREFIX = "wbops.training.seeded-merged.v1:";

/**
 * Adds the local services' seeded demo models and jobs (those the key may read, names included)
 * to this browser's list; entries already there only gain what they lacked (a model opened by id
 * gets its name). `local`: whether the dashboard talks to the local services at all.
 */
export function useAddSeededDemo(store: RegistryStore): {
  local: boolean;
  mergedKey: string;
  addDemo: (signal?: AbortSignal) => Promise<MergeReport>;
} {
  const local = useLocalServices();
  const { training } = useApiClients();
  const mergedKey = `${MERGED_KEY_PREFIX}${training.scope.baseUrl}|${training.scope.keyFingerprint}`;

  const addDemo = useCallback(
    async (signal?: AbortSignal) => {
      const seeded = await training.seededDemo({ signal });
      const addedAt = new Date().toISOString();
      const report = store.importFile({
        models: seeded.models.map((model) => ({ ...model, added_at: addedAt, source: "imported" as const })),
        jobs: seeded.jobs.map((job) => ({ ...job, added_at: addedAt, source: "imported" as const })),
      });
      writeItem(browserStorage().local, mergedKey, "1");
      return report;
    },
    [training, store, mergedKey],
  );

  return { local, mergedKey, addDemo };
}

/** Where the first visit's automatic adding of the seeded demo stands (see useSeededDemoOnce). */
export type SeededDemoState =
  | { status: "idle" }
  | { status: "adding" }
  | { status: "failed"; error: unknown; retry: () => void };

/**
 * On the local reference services, the seeded demo joins this browser's list the first time a
 * training page opens (per service address and key), so a newcomer sees it at once. Once only: an
 * entry removed from the list stays removed (the empty jobs page offers it again). Elsewhere (the
 * real service) it does nothing. Gives where that stands, so an empty list can say it is on its
 * way, or that the service could not be read (with a retry), instead of only "no jobs yet".
 */
export function useSeededDemoOnce(store: RegistryStore): SeededDemoState {
  const { local, mergedKey, addDemo } = useAddSeededDemo(store);
  // A failure leaves the list as it was; Retry, or the next visit, tries again.
  const merge = useMutation({ mutationFn: () => addDemo() });
  const { mutate } = merge;
  useEffect(() => {
    if (local && !readItem(browserStorage().local, mergedKey)) mutate();
  }, [local, mergedKey, mutate]);
  if (merge.isPending) return { status: "adding" };
  if (merge.isError) return { status: "failed", error: merge.error, retry: () => mutate() };
  return { status: "idle" };
}
