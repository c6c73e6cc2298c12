import { useCallback } from "react";
import type { ColumnVisibilityState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import * as z from "zod/mini";
import { createStoredValue, useStoredValue } from "@/lib/stored-value";
import { DEFAULT_HIDDEN_COLUMNS } from "./items-columns";

export const COLUMN_VISIBILITY_STORAGE_KEY = "wbops.queueItems.columns";

// An entry that is not true/false reads as shown (a column with no entry shows), the rest are kept.
const columnVisibility = createStoredValue(COLUMN_VISIBILITY_STORAGE_KEY, z.record(z.string(), z.catch(z.boolean(), true)), { fallback: { ...DEFAULT_HIDDEN_COLUMNS } });

/** Which columns show, remembered on this device (a preference, not part of a shared link) and the same in every tab. */
export function useColumnVisibility() {
  const visibility = useStoredValue(columnVisibility);
  const update = useCallback((updater: Updater<ColumnVisibilityState>) => columnVisibility.set((current) => functionalUpdate(updater, current)), []);
  const reset = useCallback(() => update({ ...DEFAULT_HIDDEN_COLUMNS }), [update]);
  return { visibility, update, reset };
}
