import { memo, useCallback, useId, useState, type Ref } from "react";
import type { AnnotationState } from "@contract/trace";
import { Button } from "@/components/button";
import { cn } from "@/lib/cn";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { DebouncedTextField } from "@/components/debounced-text-field";
import { opLabel, readOpFilter, type OpChoice, type OpFilterReading } from "../shared/op-choices";
import type { FilterErrorKey } from "./items-errors";
import { TEXT_FILTERS, type TextFilterKey, type TextFilters } from "../shared/items-url-state";
import { StateFilter } from "./state-filter";

const PLACEHOLDERS: Record<TextFilterKey, string> = {
  op: "Name, e.g. support_agent.answer",
  callId: "Exact call ID",
  traceId: "Exact trace ID",
  itemId: "Exact item ID",
  addedBy: "User ID, e.g. user-demo",
};

const OPS_LIST_ID = "queue-item-operations";

/**
 * Whether the filters are unfolded on a phone: folded at first; unfolded by their button or "/";
 * and unfolded when the service refuses a filter, so its message is seen (they can be folded again).
 */
export function useFiltersFold(refused: boolean) {
  const [expanded, setExpanded] = useState(refused);
  const [wasRefused, setWasRefused] = useState(refused);
  // React's pattern for state that follows a changed input: adjusted during render, before paint.
  if (refused !== wasRefused) {
    setWasRefused(refused);
    if (refused) setExpanded(true);
  }
  return [expanded, setExpanded] as const;
}

type Props = {
  values: TextFilters;
  states: readonly AnnotationState[];
  onTextCommit: (key: TextFilterKey, value: string) => void;
  onStatesChange: (states: AnnotationState[]) => void;
  onClear: () => void;
  errors: Partial<Record<FilterErrorKey, string>>;
  /** The operations seen in this queue, labelled as the table shows them (useOpChoices). */
  opChoices: readonly OpChoice[];
  firstFieldRef: Ref<HTMLInputElement>;
  /** Escape in a text filter: focus goes back to the table. */
  onEscape: () => void;
  /** Below 768 px the filters fold behind a "Filters" button (from 768 px up they always show). */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
};

/**
 * The six filters. Each text field keeps its draft to itself and commits after a pause, so the
 * table does not re-render while someone types; the page resets to 1 on every commit. On a phone
 * they fold behind a "Filters" button that says how many are set, so the table is in the first screen.
 */
export const ItemsFilters = memo(function ItemsFilters({
  values,
  states,
  onTextCommit,
  onStatesChange,
  onClear,
  errors,
  opChoices,
  firstFieldRef,
  onEscape,
  expanded,
  onExpandedChange,
}: Props) {
  const setCount = states.length + TEXT_FILTERS.filter((f) => values[f.key] !== "").length;
  const active = setCount > 0;
  const bodyId = useId();
  const op = useOpFilter(values.op, opChoices, onTextCommit);
  const clearAll = () => {
    op.forget();
    onClear();
  };
  return (
    <search aria-label="Filter items" className="rounded-lg border border-line bg-surface p-3">
      <Button
        className="md:hidden"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => onExpandedChange(!expanded)}
      >
        Filters{setCount > 0 ? ` (${setCount} set)` : ""}
      </Button>
      <div id={bodyId} className={cn("space-y-3 md:block", expanded ? "mt-3 block md:mt-0" : "hidden")}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <StateFilter value={states} onChange={onStatesChange} error={errors.states} />
          <Button variant="ghost" onClick={clearAll} disabled={!active && !op.shown}>
            Clear filters
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          {TEXT_FILTERS.map((f, index) => (
            <TextFilter
              key={f.key}
              filterKey={f.key}
              label={f.label}
              value={f.key === "op" ? op.shown : values[f.key]}
              onCommit={f.key === "op" ? op.commit : onTextCommit}
              error={f.key === "op" ? (op.error ?? errors.op) : errors[f.key]}
              inputRef={index === 0 ? firstFieldRef : undefined}
              list={f.key === "op" ? OPS_LIST_ID : undefined}
              onEscape={onEscape}
              onDraftChange={f.key === "op" ? op.clearError : undefined}
            />
          ))}
        </div>
        <datalist id={OPS_LIST_ID}>
          {opChoices.map((choice) => {
            // An <option> holds text only: hidden characters show as markers (`⟨U+202E⟩`), as in the table's cells.
            const shown = revealHiddenCharacters(choice.label);
            return (
              <option key={choice.ref} value={shown}>
                {shown}
              </option>
            );
          })}
        </datalist>
      </div>
    </search>
  );
});

/**
 * The Operation filter takes what people read (the table's label, a bare name, any case) or a full
 * ref, and commits the op's full ref, the only thing the service matches. A name that several
 * versions share is not guessed at: the field says which versions to pick from.
 */
function useOpFilter(
  committed: string,
  choices: readonly OpChoice[],
  onTextCommit: (key: TextFilterKey, value: string) => void,
) {
  // A name several versions share is not committed: the field keeps showing it (`kept`) while the
  // filter it replaced is off, and the message says which versions to pick until the text changes.
  const [kept, setKept] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = useCallback(
    (_key: TextFilterKey, typed: string) => {
      // The options and the field show labels with their hidden characters as markers: read those back as the op.
      const shown = choices.find(
        (c) => c.label !== revealHiddenCharacters(c.label) && revealHiddenCharacters(c.label) === typed.trim(),
      );
      const reading: OpFilterReading = shown ? { kind: "ref", ref: shown.ref } : readOpFilter(typed, choices);
      if (reading.kind === "ambiguous") {
        setKept(typed);
        setError(
          `${reading.name} has ${reading.labels.length} versions in this queue: pick one (${reading.labels.join(", ")}).`,
        );
        // The filter set before no longer matches what the field says: drop it rather than keep it hidden.
        onTextCommit("op", "");
        return;
      }
      setKept(null);
      setError(null);
      onTextCommit("op", reading.kind === "ref" ? reading.ref : reading.text);
    },
    [choices, onTextCommit],
  );
  const clearError = useCallback(() => setError(null), []);
  const forget = useCallback(() => {
    setKept(null);
    setError(null);
  }, []);
  const shown = committed !== "" ? revealHiddenCharacters(opLabel(committed, choices)) : (kept ?? "");
  return { shown, commit, error, clearError, forget };
}

function TextFilter({
  filterKey,
  label,
  value,
  onCommit,
  error,
  inputRef,
  list,
  onEscape,
  onDraftChange,
}: {
  filterKey: TextFilterKey;
  label: string;
  value: string;
  onCommit: (key: TextFilterKey, value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  list?: string;
  onEscape: () => void;
  onDraftChange?: () => void;
}) {
  const commit = useCallback((next: string) => onCommit(filterKey, next), [onCommit, filterKey]);
  return (
    <DebouncedTextField
      label={label}
      value={value}
      onCommit={commit}
      error={error}
      placeholder={PLACEHOLDERS[filterKey]}
      inputRef={inputRef}
      list={list}
      onEscape={onEscape}
      onDraftChange={onDraftChange}
      className="min-w-0"
      inputClassName="font-mono text-xs"
    />
  );
}
