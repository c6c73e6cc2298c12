import { functionalUpdate, type ColumnVisibilityState, type Updater } from "@tanstack/react-table";
import * as z from "zod/mini";
import { isNarrowScreen } from "@/lib/screen";
import { createStoredValue, useStoredValue } from "@/lib/stored-value";
import type { ChoosableColumn } from "./column-chooser";

type Hidden = Readonly<Record<string, false>>;

/**
 * Which columns of one table show, remembered on this device (a preference, not part of a shared
 * link) and the same in every tab. Until the user picks, `hidden` columns start hidden, and on a
 * phone `phoneHidden` ones (decided when the page first loads).
 */
export function createColumnVisibility(storageKey: string, defaults: { hidden: Hidden; phoneHidden: Hidden }) {
  const initial = () => ({ ...(isNarrowScreen() ? defaults.phoneHidden : defaults.hidden) });
  // An entry that is not true/false reads as shown (a column with no entry shows), the rest are kept.
  const stored = createStoredValue(storageKey, z.record(z.string(), z.catch(z.boolean(), true)), {
    fallback: initial(),
  });
  const update = (updater: Updater<ColumnVisibilityState>) =>
    stored.set((current) => functionalUpdate(updater, current));
  const reset = () => update(initial());
  return function useColumnVisibility() {
    return { visibility: useStoredValue(stored), update, reset };
  };
}

/** A column definition as the chooser reads it: its id (or accessor key), whether it may hide, its label. */
type ChoosableDef = { id?: string; accessorKey?: unknown; enableHiding?: boolean; meta?: { label?: string } };

/** A definition's column id: its `id`, else its accessor key (how the table names it). */
const columnId = (column: ChoosableDef): string => column.id ?? String(column.accessorKey ?? "");

/** The columns the column chooser offers, in table order (the rest always show). */
export function choosableColumns(columns: readonly ChoosableDef[]): ChoosableColumn[] {
  return columns
    .filter((column) => column.enableHiding !== false)
    .map((column) => {
      const id = columnId(column);
      return { id, label: column.meta?.label ?? id };
    });
}
