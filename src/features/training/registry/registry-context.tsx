import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useApiClients } from "@/settings/api-clients";
import { browserStorage } from "@/lib/browser-storage";
import type { Registry } from "./registry-schema";
import { createRegistryStore, type RegistryStore } from "./registry-store";
import { useSeededDemoOnce } from "./use-seeded-demo";

const RegistryContext = createContext<RegistryStore | null>(null);

/** The registry of the training service in the settings; every training page renders inside it. */
export function TrainingRegistryProvider({ children }: { children: ReactNode }) {
  const { training } = useApiClients();
  const baseUrl = training.scope.baseUrl;
  const store = useMemo(() => createRegistryStore(browserStorage().local, baseUrl), [baseUrl]);
  useSeededDemoOnce(store);
  return <RegistryContext value={store}>{children}</RegistryContext>;
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
