import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { ThemeState, ThemeStore } from "./theme-store";
import type { ThemePreference } from "./theme-preference";

const ThemeContext = createContext<ThemeStore | null>(null);

export function ThemeProvider({ store, children }: { store: ThemeStore; children: ReactNode }) {
  return <ThemeContext value={store}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState & { setPreference: (preference: ThemePreference) => void } {
  const store = useContext(ThemeContext);
  if (!store) throw new Error("useTheme must be used inside <ThemeProvider>.");
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...state, setPreference: store.setPreference };
}
