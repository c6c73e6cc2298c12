import { useId, useState } from "react";
import { isNarrowScreen } from "@/lib/screen";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { inputClasses } from "@/components/text-field";
import { DebouncedTextField } from "@/components/debounced-text-field";
import type { CallsFilterErrorKey } from "./calls-errors";
import type { CallsFilters } from "./calls-url-state";
import type { OpCatalog } from "./op-catalog";
import { OpPicker } from "./op-picker";

type Props = {
  filters: CallsFilters;
  onChange: (change: Partial<CallsFilters>, typing?: string) => void;
  onClear: () => void;
  catalog: OpCatalog;
  opsLoading: boolean;
  filtered: boolean;
  /** What the service said about a filter (a 422 naming it). */
  errors: Partial<Record<CallsFilterErrorKey, string>>;
  /** False until the page's first rows (or its failure) are painted: the date fields wait (see InstantField). */
  datesReady: boolean;
};

/** The Calls page's filters; each change goes to the URL and back to page 1. */
export function CallsFiltersBar({
  filters,
  onChange,
  onClear,
  catalog,
  opsLoading,
  filtered,
  errors,
  datesReady,
}: Props) {
  const rootsId = useId();
  // On a phone the filters start folded (they fill the screen) unless the link sets some.
  const [open, setOpen] = useState(() => filtered || !isNarrowScreen());
  // A filter the service refused must be seen: the fold opens.
  const hasErrors = Object.keys(errors).length > 0;
  if (hasErrors && !open) setOpen(true);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border border-line bg-surface"
    >
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-fg select-none">
        Filters{filtered ? " (some set)" : ""}
      </summary>
      <section aria-label="Filters" className="flex flex-wrap items-end gap-3 border-t border-line p-3">
        <OpPicker
          catalog={catalog}
          value={filters.op}
          onChange={(op) => onChange({ op })}
          loading={opsLoading}
          error={errors.op}
        />
        <DebouncedTextField
          label="Trace ID"
          value={filters.traceId}
          onCommit={(traceId) => onChange({ traceId }, "traceId")}
          error={errors.traceId}
          className="min-w-48"
          inputClassName="font-mono"
        />
        {/* Each edited part of a date commits: as with typing, successive changes share one history entry. */}
        <InstantField
          label="Started after"
          value={filters.after}
          ready={datesReady}
          onChange={(after) => onChange({ after }, "after")}
        />
        <InstantField
          label="Started before"
          value={filters.before}
          ready={datesReady}
          onChange={(before) => onChange({ before }, "before")}
        />
        <DebouncedTextField
          label="Text in inputs or output"
          value={filters.text}
          onCommit={(text) => onChange({ text }, "text")}
          error={errors.query}
          className="min-w-56"
          placeholder="Contains… (case ignored)"
        />
        <div className="flex h-8 items-center gap-2">
          <input
            id={rootsId}
            type="checkbox"
            checked={filters.rootsOnly}
            onChange={(event) => onChange({ rootsOnly: event.target.checked })}
            className="size-4 accent-(--ui-accent)"
          />
          <label htmlFor={rootsId} className="text-sm text-fg">
            Root calls only
          </label>
        </div>
        {filtered ? (
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </section>
    </details>
  );
}

type InstantFieldProps = { label: string; value: string; ready: boolean; onChange: (iso: string) => void };

/**
 * An instant kept in the URL as ISO UTC, edited in the browser's local time. Until `ready`, the same box is an empty
 * read-only text field: a tab's first date-and-time field costs Chromium 40-50 ms of the main thread (it builds the
 * field's parts from the locale's date format), and a cold load of the Calls page paid that before its first rows
 * (bench/README.md, cold-loads). The element stays when it turns into the date field: nothing moves, nothing loses
 * focus.
 */
function InstantField({ label, value, ready, onChange }: InstantFieldProps) {
  return (
    // A width of its own, wider than en-US's date field at its own size: the stand-in, a text field, would otherwise
    // be narrower, and the fields beside it would move when it turns.
    <Field label={label} className="w-60">
      {(control) => (
        <input
          id={control.id}
          aria-describedby={control.describedBy}
          type={ready ? "datetime-local" : "text"}
          readOnly={!ready}
          value={ready && value ? toLocalInput(new Date(value)) : ""}
          onChange={(event) => {
            const raw = event.target.value;
            if (raw === "") onChange("");
            else {
              const date = new Date(raw);
              if (Number.isFinite(date.getTime())) onChange(date.toISOString());
            }
          }}
          className={`${inputClasses} border-line-strong`}
        />
      )}
    </Field>
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input holds. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
