import { useCallback } from "react";
import type { ColumnVisibilityState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import * as z from "zod/mini";
import { createStoredValue, useStoredValue } from "@/lib/stored-value";
import { isNarrowScreen } from "@/lib/screen";
import { DEFAULT_HIDDEN_COLUMNS, PHONE_HIDDEN_COLUMNS } from "./calls-columns";

export const CALLS_COLUMNS_STORAGE_KEY = "wbops.calls.columns";

const defaultColumns = () => ({ ...(isNarrowScreen() ? PHONE_HIDDEN_COLUMNS : DEFAULT_HIDDEN_COLUMNS) });
const stored = createStoredValue(CALLS_COLUMNS_STORAGE_KEY, z.record(z.string(), z.catch(z.boolean(), true)), { fallback: defaultColumns() });

/** Which columns of the calls table show: a preference of this device, not part of a link. */
export function useCallsColumns() {
  const visibility = useStoredValue(stored);
  const update = useCallback((updater: Updater<ColumnVisibilityState>) => stored.set((current) => functionalUpdate(updater, current)), []);
  const reset = useCallback(() => update(defaultColumns()), [update]);
  return { visibility, update, reset };
}
