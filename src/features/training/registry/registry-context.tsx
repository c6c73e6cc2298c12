import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useApiClients } from "@/connection/api-clients";
import { browserStorage } from "@/lib/browser-storage";
import type { Registry } from "./registry-schema";
import { createRegistryStore, type RegistryStore } from "./registry-store";
import { useSeededDemoOnce, type SeededDemoState } from "./use-seeded-demo";

const RegistryContext = createContext<RegistryStore | null>(null);
const SeededDemoContext = createContext<SeededDemoState>({ status: "idle" });

/** The registry of the training service in the settings; every training page renders inside it. */
export function TrainingRegistryProvider({ children }: { children: ReactNode }) {
  const { training } = useApiClients();
  const baseUrl = training.scope.baseUrl;
  const store = useMemo(() => createRegistryStore(browserStorage().local, baseUrl), [baseUrl]);
  const seededDemo = useSeededDemoOnce(store);
  return (
    <RegistryContext value={store}>
      <SeededDemoContext value={seededDemo}>{children}</SeededDemoContext>
    </RegistryContext>
  );
}

/** Where the first visit's adding of the local services' seeded demo stands. */
export function useSeededDemoState(): SeededDemoState {
  return useContext(SeededDemoContext);
}

export function useRegistryStore(): RegistryStore {
  const store = useContext(RegistryContext);
  if (!store) throw new Error("useRegistry must be used inside <TrainingRegistryProvider>.");
  return store;
}

export function useRegistry(): Registry {
  const store = useRegistryStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
