import { useSyncExternalStore } from "react";
import { isNarrowScreen, NARROW_SCREEN_QUERY } from "@/lib/screen";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the window is phone-narrow, following it as it changes: for a layout CSS cannot switch
 * alone (a virtualised table's spacer rows must span exactly the columns shown).
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen, () => false);
}
