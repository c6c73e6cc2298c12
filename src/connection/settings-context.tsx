import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { SettingsState, SettingsStore } from "./settings-store";

const SettingsContext = createContext<SettingsStore | null>(null);

export function SettingsProvider({ store, children }: { store: SettingsStore; children: ReactNode }) {
  return <SettingsContext value={store}>{children}</SettingsContext>;
}

export function useSettingsStore(): SettingsStore {
  const store = useContext(SettingsContext);
  if (!store) throw new Error("useSettings must be used inside <SettingsProvider>.");
  return store;
}

/** The current connection settings plus save/forget; re-renders when they change. */
export function useSettings(): SettingsState & Pick<SettingsStore, "save" | "forgetKey"> {
  const store = useSettingsStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...state, save: store.save, forgetKey: store.forgetKey };
}
