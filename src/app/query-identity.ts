import type { QueryClient } from "@tanstack/react-query";
import { connectionIdentity, type SettingsStore } from "@/connection/settings-store";

/**
 * Empties the query cache when the key or a service address changes. Query keys are already
 * scoped per key and address; this also drops the previous account's data from memory, so it
 * cannot reappear through a key the scope does not cover.
 */
export function clearCacheOnConnectionChange(store: SettingsStore, queryClient: QueryClient): () => void {
  let identity = connectionIdentity(store.getSnapshot().connection);
  return store.subscribe(() => {
    const next = connectionIdentity(store.getSnapshot().connection);
    if (next === identity) return;
    identity = next;
    void queryClient.cancelQueries();
    queryClient.clear();
  });
}
