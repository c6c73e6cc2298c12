import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { EMPTY_RUNTIME_CONFIG, type RuntimeConfig } from "./runtime-config";
import { createRuntimeConfigStore, type RuntimeConfigSnapshot, type RuntimeConfigStore } from "./runtime-config-store";

const fallbackStore = createRuntimeConfigStore({ status: "read", config: EMPTY_RUNTIME_CONFIG });
const RuntimeConfigContext = createContext<RuntimeConfigStore>(fallbackStore);

export function RuntimeConfigProvider({ store, children }: { store: RuntimeConfigStore; children: ReactNode }) {
  return <RuntimeConfigContext value={store}>{children}</RuntimeConfigContext>;
}

/** How reading /config.json went, and a way to read it again; re-renders when either changes. */
export function useConfigRead(): RuntimeConfigSnapshot & { retry: () => Promise<void> } {
  const store = useContext(RuntimeConfigContext);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...snapshot, retry: store.retry };
}

/** The deployment facts from /config.json, such as whether these are the local reference services. */
export function useRuntimeConfig(): RuntimeConfig {
  return useConfigRead().read.config;
}
