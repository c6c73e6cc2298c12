import { useCallback, useState } from "react";
import type { ColumnVisibilityState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import { browserStorage, readItem, writeItem } from "../../../lib/browser-storage";
import { DEFAULT_HIDDEN_COLUMNS } from "./items-columns";

export const COLUMN_VISIBILITY_STORAGE_KEY = "wbops.queueItems.columns";

/** The stored choice, or the default; anything unreadable falls back to the default. */
export function readColumnVisibility(storage = browserStorage().local): ColumnVisibilityState {
  const raw = readItem(storage, COLUMN_VISIBILITY_STORAGE_KEY);
  if (!raw) return { ...DEFAULT_HIDDEN_COLUMNS };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ...DEFAULT_HIDDEN_COLUMNS };
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"));
  } catch {
    return { ...DEFAULT_HIDDEN_COLUMNS };
  }
}

/** Which columns show, remembered on this device (a preference, not part of a shared link). */
export function useColumnVisibility() {
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => readColumnVisibility());
  const update = useCallback((updater: Updater<ColumnVisibilityState>) => {
    setVisibility((current) => {
      const next = functionalUpdate(updater, current);
      writeItem(browserStorage().local, COLUMN_VISIBILITY_STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const reset = useCallback(() => update({ ...DEFAULT_HIDDEN_COLUMNS }), [update]);
  return { visibility, update, reset };
}
