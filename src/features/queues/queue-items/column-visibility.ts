import { useCallback } from "react";
import type { ColumnVisibilityState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import * as z from "zod/mini";
import { createStoredValue, useStoredValue } from "@/lib/stored-value";
import { isNarrowScreen } from "@/lib/screen";
import { DEFAULT_HIDDEN_COLUMNS, PHONE_HIDDEN_COLUMNS } from "./items-columns";

export const COLUMN_VISIBILITY_STORAGE_KEY = "wbops.queueItems.columns";

/** The columns shown until the user picks: fewer on a phone (decided when the page first loads). */
const defaultColumns = () => ({ ...(isNarrowScreen() ? PHONE_HIDDEN_COLUMNS : DEFAULT_HIDDEN_COLUMNS) });

// An entry that is not true/false reads as shown (a column with no entry shows), the rest are kept.
const columnVisibility = createStoredValue(COLUMN_VISIBILITY_STORAGE_KEY, z.record(z.string(), z.catch(z.boolean(), true)), { fallback: defaultColumns() });

/** Which columns show, remembered on this device (a preference, not part of a shared link) and the same in every tab. */
export function useColumnVisibility() {
  const visibility = useStoredValue(columnVisibility);
  const update = useCallback((updater: Updater<ColumnVisibilityState>) => columnVisibility.set((current) => functionalUpdate(updater, current)), []);
  const reset = useCallback(() => update(defaultColumns()), [update]);
  return { visibility, update, reset };
}

/**
 * On a phone the questions' columns start hidden too: a queue may have many, and the phone set of
 * columns is kept small (the column chooser lists them). A choice the user made still wins.
 */
export function withPhoneQuestionDefaults(visibility: ColumnVisibilityState, questionColumnIds: readonly string[]): ColumnVisibilityState {
  if (!isNarrowScreen()) return visibility;
  const unset = questionColumnIds.filter((id) => !(id in visibility));
  return unset.length === 0 ? visibility : { ...Object.fromEntries(unset.map((id) => [id, false])), ...visibility };
}
