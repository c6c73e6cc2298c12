import type { ColumnVisibilityState, Updater } from "@tanstack/react-table";
import { memo } from "react";
import { Button } from "../button";
import { ColumnsIcon } from "../icons";
import { usePopover } from "../use-popover";

export type ChoosableColumn = { id: string; label: string };

/**
 * "Columns": which columns show. A disclosure (button + panel of checkboxes) rather than a menu,
 * so every choice is a plain checkbox. Escape closes it and returns the focus; a click outside closes it.
 */
export const ColumnChooser = memo(function ColumnChooser({
  columns,
  visibility,
  onChange,
  onReset,
}: {
  /** The columns a user may hide, in table order. */
  columns: readonly ChoosableColumn[];
  visibility: ColumnVisibilityState;
  onChange: (updater: Updater<ColumnVisibilityState>) => void;
  onReset: () => void;
}) {
  const { open, toggle, panelId, rootRef, buttonRef } = usePopover();
  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        icon={<ColumnsIcon size={14} />}
      >
        Columns
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 w-56 rounded-lg border border-line bg-surface p-2 shadow-lg"
      >
        <fieldset>
          <legend className="px-1 pb-1 text-xs font-medium text-fg-muted">Show columns</legend>
          {columns.map(({ id, label }) => (
            <label
              key={id}
              className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-fg hover:bg-subtle"
            >
              <input
                type="checkbox"
                className="size-3.5 accent-(--ui-accent)"
                checked={visibility[id] !== false}
                onChange={(event) => onChange((current) => ({ ...current, [id]: event.target.checked }))}
              />
              {label}
            </label>
          ))}
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
