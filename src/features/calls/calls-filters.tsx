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
};

/** The Calls page's filters; each change goes to the URL and back to page 1. */
export function CallsFiltersBar({ filters, onChange, onClear, catalog, opsLoading, filtered, errors }: Props) {
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
        <InstantField label="Started after" value={filters.after} onChange={(after) => onChange({ after }, "after")} />
        <InstantField
          label="Started before"
          value={filters.before}
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

/** An instant kept in the URL as ISO UTC, edited in the browser's local time. */
function InstantField({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          id={control.id}
          aria-describedby={control.describedBy}
          type="datetime-local"
          value={value ? toLocalInput(new Date(value)) : ""}
          onChange={(event) => {
            const raw = event.target.value;
            if (raw === "") onChange("");
            else {
              const date = new Date(raw);
              if (Number.isFinite(date.getTime())) onChange(date.toISOString());
            }
          }}
          className={`${inputClasses} border-line-strong w-52`}
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
