import { memo } from "react";
import { ANNOTATION_STATES, type AnnotationState } from "@contract/trace";
import { AlertTriangleIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { STATE_LABELS } from "../shared/item-state";
import { usePendingValue } from "@/lib/url-state/use-pending-value";

/**
 * The State filter: a group of toggles (checkboxes drawn as pills), any number selected; none
 * selected means every state. The group's accessible name is "State".
 */
export const StateFilter = memo(function StateFilter({
  value: committed,
  onChange,
  error,
}: {
  value: readonly AnnotationState[];
  onChange: (states: AnnotationState[]) => void;
  error?: string;
}) {
  const errorId = "state-filter-error";
  const [value, setPending] = usePendingValue(committed);
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-fg">State</legend>
      <div className="flex flex-wrap gap-1">
        {ANNOTATION_STATES.map((state) => {
          const checked = value.includes(state);
          return (
            <label
              key={state}
              className={cn(
                "inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border px-2.5 text-xs font-medium select-none",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
                checked
                  ? "border-accent bg-accent/10 text-fg dark:bg-accent/25"
                  : "border-line-strong bg-surface text-fg-muted hover:bg-subtle hover:text-fg",
              )}
            >
              <input
                type="checkbox"
                className="size-3.5 accent-(--ui-accent)"
                checked={checked}
                onChange={(event) => {
                  const next = event.target.checked
                    ? ANNOTATION_STATES.filter((s) => s === state || value.includes(s))
                    : value.filter((s) => s !== state);
                  setPending(next);
                  onChange(next);
                }}
              />
              {STATE_LABELS[state]}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400">
          <AlertTriangleIcon size={14} className="mt-px shrink-0" />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
