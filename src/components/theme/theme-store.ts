import { browserStorage, type StorageArea } from "@/lib/browser-storage";
import { storageListeners } from "@/lib/storage-listeners";
import {
  THEME_STORAGE_KEY,
  applyTheme,
  readThemePreference,
  resolveTheme,
  systemPrefersDark,
  watchSystemTheme,
  writeThemePreference,
  type ResolvedTheme,
  type ThemePreference,
} from "./theme-preference";

export type ThemeState = { preference: ThemePreference; resolved: ResolvedTheme };

export type ThemeStore = {
  getSnapshot(): ThemeState;
  subscribe(listener: () => void): () => void;
  setPreference(preference: ThemePreference): void;
};

/**
 * The theme preference (localStorage) and the theme it resolves to, kept applied to <html>.
 * Follows the system setting while the preference is "system", and other tabs' choices.
 */
export function createThemeStore(
  options: { storage?: StorageArea; root?: HTMLElement; prefersDark?: () => boolean } = {},
): ThemeStore {
  const storage = options.storage ?? browserStorage().local;
  const root = options.root ?? document.documentElement;
  const prefersDark = options.prefersDark ?? systemPrefersDark;
  const compute = (preference: ThemePreference): ThemeState => ({
    preference,
    resolved: resolveTheme(preference, prefersDark()),
  });
  let state = compute(readThemePreference(storage));
  applyTheme(root, state.resolved);

  const update = (preference: ThemePreference) => {
    const next = compute(preference);
    if (next.preference === state.preference && next.resolved === state.resolved) return;
    state = next;
    applyTheme(root, state.resolved);
    listeners.notify();
  };

  // While anyone listens: other tabs' choices, and the system setting (it decides under "system").
  const listeners = storageListeners(
    (event) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) update(readThemePreference(storage));
    },
    () => watchSystemTheme(() => update(state.preference)),
  );

  return {
    getSnapshot: () => state,
    subscribe: listeners.subscribe,
    setPreference(preference) {
      writeThemePreference(storage, preference);
      update(preference);
    },
  };
}
