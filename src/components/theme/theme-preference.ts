import { readItem, writeItem, type StorageArea } from "@/lib/browser-storage";

export type ThemePreference = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "wbops.theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function parseThemePreference(value: string | null): ThemePreference {
  return value === "light" || value === "dark" ? value : "system";
}

export function readThemePreference(storage: StorageArea | undefined): ThemePreference {
  return parseThemePreference(readItem(storage, THEME_STORAGE_KEY));
}

export function writeThemePreference(storage: StorageArea | undefined, preference: ThemePreference): void {
  writeItem(storage, THEME_STORAGE_KEY, preference);
}

export function systemPrefersDark(): boolean {
  return (
    typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches
  );
}

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === "system") return prefersDark ? "dark" : "light";
  return preference;
}

/**
 * Puts the theme on <html>: the `dark` class drives Tailwind's dark variant, color-scheme the
 * native controls. `light` is set too, so index.css can tell "no theme applied yet" apart.
 */
export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
  root.style.colorScheme = theme;
}

/** Calls `onChange` when the operating system switches between light and dark. */
export function watchSystemTheme(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
