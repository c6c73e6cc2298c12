import type { ColumnVisibilityState, Updater } from "@tanstack/react-table";
import { memo } from "react";
import { Button } from "../../../components/button";
import { usePopover } from "../../../components/use-popover";
import { ITEM_COLUMNS } from "./items-columns";

function ColumnsIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16M15 4v16" />
    </svg>
  );
}

/** A definition's column id: its `id`, else its accessor key (how the table names it). */
const columnId = (column: { id?: string; accessorKey?: unknown }): string => column.id ?? String(column.accessorKey ?? "");

/**
 * "Columns": which columns show, remembered on this device. A disclosure (button + panel of
 * checkboxes) rather than a menu, so every choice is a plain checkbox; Escape or a click outside closes it.
 */
export const ColumnChooser = memo(function ColumnChooser({
  visibility,
  onChange,
  onReset,
}: {
  visibility: ColumnVisibilityState;
  onChange: (updater: Updater<ColumnVisibilityState>) => void;
  onReset: () => void;
}) {
  const { open, toggle, panelId, rootRef, buttonRef } = usePopover();
  const hideable = ITEM_COLUMNS.filter((c) => c.enableHiding !== false);
  return (
    <div ref={rootRef} className="relative">
      <Button ref={buttonRef} aria-expanded={open} aria-controls={panelId} onClick={toggle} icon={<ColumnsIcon />}>
        Columns
      </Button>
      <div id={panelId} hidden={!open} className="absolute right-0 z-30 mt-1 w-56 rounded-lg border border-line bg-surface p-2 shadow-lg">
        <fieldset>
          <legend className="px-1 pb-1 text-xs font-medium text-fg-muted">Show columns</legend>
          {hideable.map((column) => {
            const id = columnId(column as { id?: string; accessorKey?: unknown });
            return (
              <label key={id} className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-fg hover:bg-subtle">
                <input
                  type="checkbox"
                  className="size-3.5 accent-(--ui-accent)"
                  checked={visibility[id] !== false}
                  onChange={(event) => onChange((current) => ({ ...current, [id]: event.target.checked }))}
                />
                {column.meta?.label ?? id}
              </label>
            );
          })}
        </fieldset>
        <div className="mt-1 border-t border-line pt-1">
          <Button variant="ghost" size="sm" onClick={onReset} className="w-full justify-start">
            Reset to default columns
          </Button>
        </div>
      </div>
    </div>
  );
});
