import { parseObjectRef } from "@contract/weave-refs";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { LIMITS } from "@contract/limits";
import type { QueueSpec } from "@/api/annotation-specs";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { AlertTriangleIcon } from "@/components/icons";
import { TextField } from "@/components/text-field";
import { UntrustedText } from "@/components/untrusted-text";
import { specSummary } from "./spec-summary";

/** With more specs to choose from than this, the list gets a search field. */
export const SEARCH_FROM = 6;

/** Specs listed to add at most; a search narrows a longer list (a project may hold thousands). */
export const MAX_LISTED = 100;

/** A chosen question: its spec when it could be read, else only its ref. */
export type ChosenQuestion = { ref: string; spec: QueueSpec | null };

type Props = {
  chosen: readonly ChosenQuestion[];
  /** The project's specs (latest versions), or undefined while they load. */
  available: readonly QueueSpec[] | undefined;
  availableError: unknown;
  onRetryAvailable: () => void;
  onChange: (refs: string[]) => void;
  /** Questions an edit removed whose answers exist: they stay stored but are no longer asked. */
  removedWithAnswers: readonly { ref: string; label: string }[];
  error: string | null;
  disabled: boolean;
  /** A "New question" action (the spec editor), placed beside the list's title when given. */
  newQuestionAction?: ReactNode;
};

/** A chosen question's two move buttons: one place up or down the order. */
const MOVES = [
  { step: -1, direction: "up", arrow: "↑", title: "Move up" },
  { step: 1, direction: "down", arrow: "↓", title: "Move down" },
] as const;

const labelOf = (question: ChosenQuestion): string =>
  question.spec?.label ?? question.ref.split("/").at(-1)?.split(":")[0] ?? question.ref;

/**
 * The queue's questions, in the order annotators answer them (move up/down, remove), and the
 * project's other specs to add, each with its name, what answering it asks for, and its
 * description; searchable by name and description when there are many.
 */
export function SpecPicker({
  chosen,
  available,
  availableError,
  onRetryAvailable,
  onChange,
  removedWithAnswers,
  error,
  disabled,
  newQuestionAction,
}: Props) {
  const headingId = useId();
  const errorId = useId();
  const [search, setSearch] = useState("");
  // By spec, not by version: answers are keyed on the spec's id, so a spec already asked (in any
  // version) is not offered again; a chosen older version offers its latest in its place instead.
  const chosenIds = useMemo(() => new Set(chosen.map((q) => q.spec?.id ?? parseObjectRef(q.ref)?.name)), [chosen]);
  const latestById = useMemo(() => new Map((available ?? []).map((spec) => [spec.id, spec])), [available]);
  const refs = chosen.map((q) => q.ref);
  // By the name people read (the service lists specs by id: "Comment" is reviewer_comment).
  const addable = useMemo(
    () => (available ?? []).filter((spec) => !chosenIds.has(spec.id)).sort((a, b) => a.label.localeCompare(b.label)),
    [available, chosenIds],
  );
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? addable.filter((spec) => `${spec.label} ${spec.id} ${spec.description}`.toLocaleLowerCase().includes(needle))
    : addable;

  // A pressed button may vanish (Add, Remove) or be disabled (Move up at the top): focus then goes
  // to the nearest control that still does the same kind of thing, never to the page.
  const root = useRef<HTMLElement>(null);
  const [focusNext, setFocusNext] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!focusNext || !root.current) return;
    for (const selector of focusNext) {
      const target = root.current.querySelector<HTMLElement>(selector);
      if (target && !target.matches(":disabled")) {
        target.focus();
        break;
      }
    }
    setFocusNext(null);
  }, [focusNext]);

  const move = (index: number, by: -1 | 1) => {
    const next = [...refs];
    const [ref] = next.splice(index, 1);
    next.splice(index + by, 0, ref as string);
    onChange(next);
    const row = `[data-question="${index + by}"]`;
    setFocusNext([
      `${row} [data-action="${by < 0 ? "up" : "down"}"]`,
      `${row} [data-action="${by < 0 ? "down" : "up"}"]`,
    ]);
  };
  const remove = (index: number) => {
    onChange(refs.filter((_, i) => i !== index));
    setFocusNext([
      `[data-question="${index}"] [data-action="remove"]`,
      `[data-question="${index - 1}"] [data-action="remove"]`,
      "[data-action='add']",
    ]);
  };
  const askLatest = (index: number, latestRef: string) => {
    onChange(refs.map((ref, i) => (i === index ? latestRef : ref)));
    setFocusNext([`[data-question="${index}"] [data-action="remove"]`]);
  };
  const add = (ref: string, shownIndex: number) => {
    onChange([...refs, ref]);
    setFocusNext([
      `[data-addable="${shownIndex}"] [data-action="add"]`,
      `[data-addable="${shownIndex - 1}"] [data-action="add"]`,
      `[data-question="${refs.length}"] [data-action="remove"]`,
    ]);
  };

  return (
    <section
      ref={root}
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-sm font-medium text-fg">
            Questions
          </h3>
          <p className="text-xs text-fg-muted">
            Annotators answer them in this order. Questions are the project&apos;s annotation specs.
          </p>
        </div>
        {newQuestionAction}
      </div>

      {chosen.length === 0 ? (
        <p className="rounded-md border border-dashed border-line-strong px-3 py-3 text-xs text-fg-muted">
          No questions yet: annotators can still mark items done or skipped. Add questions below.
        </p>
      ) : (
        <ol aria-label="Chosen questions" className="divide-y divide-line rounded-md border border-line">
          {chosen.map((question, index) => {
            const label = labelOf(question);
            const latest = question.spec ? latestById.get(question.spec.id) : undefined;
            const newer = latest && latest.ref !== question.ref ? latest : null;
            return (
              <li key={question.ref} data-question={index} className="flex items-start gap-2 px-3 py-2">
                <span className="mt-0.5 w-5 shrink-0 text-right text-xs text-fg-muted tabular-nums" aria-hidden="true">
                  {index + 1}.
                </span>
                <SpecText spec={question.spec} label={label} />
                <div className="flex shrink-0 flex-wrap justify-end gap-1">
                  {newer ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={disabled}
                      onClick={() => askLatest(index, newer.ref)}
                      aria-label={`Ask the latest version of ${label}`}
                      title="This queue asks an older version of this spec"
                    >
                      Use latest
                    </Button>
                  ) : null}
                  {MOVES.map(({ step, direction, arrow, title }) => (
                    <Button
                      key={direction}
                      size="sm"
                      variant="ghost"
                      disabled={disabled || index + step < 0 || index + step >= chosen.length}
                      onClick={() => move(index, step)}
                      data-action={direction}
                      aria-label={`Move ${label} ${direction}`}
                      title={title}
                    >
                      {arrow}
                    </Button>
                  ))}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={disabled}
                    onClick={() => remove(index)}
                    data-action="remove"
                    aria-label={`Remove ${label}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {removedWithAnswers.length > 0 ? (
        <p role="note" className="flex items-start gap-1 text-xs text-amber-800 dark:text-amber-300">
          <AlertTriangleIcon size={14} className="mt-px shrink-0" />
          <span>
            {removedWithAnswers.map((q, i) => (
              <span key={q.ref}>
                {i > 0 ? ", " : ""}“<UntrustedText text={q.label} />”
              </span>
            ))}{" "}
            {removedWithAnswers.length === 1 ? "has answers. They stay stored" : "have answers. They stay stored"}, but
            this queue will no longer ask {removedWithAnswers.length === 1 ? "it" : "them"}.
          </span>
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-xs font-medium text-red-700 dark:text-red-400">
          <AlertTriangleIcon size={14} className="mt-px shrink-0" />
          <UntrustedText text={error} />
        </p>
      ) : null}

      <div className="space-y-2">
        <h4 className="text-xs font-medium text-fg-muted">Add from the project</h4>
        {availableError && !available ? (
          <ErrorPanel
            error={availableError}
            title="Could not read the project's annotation specs"
            onRetry={onRetryAvailable}
          />
        ) : !available ? (
          <p className="text-xs text-fg-muted">Reading the project&apos;s annotation specs…</p>
        ) : (
          <>
            {addable.length > SEARCH_FROM ? (
              <TextField
                label="Search the project's specs"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Name or description"
              />
            ) : null}
            {shown.length === 0 ? (
              <p className="text-xs text-fg-muted">
                {available.length === 0
                  ? "The project has no annotation specs yet."
                  : addable.length === 0
                    ? "Every spec of the project is in this queue."
                    : "No spec matches the search."}
              </p>
            ) : (
              <ul aria-label="Specs to add" className="divide-y divide-line rounded-md border border-line">
                {shown.slice(0, MAX_LISTED).map((spec, shownIndex) => (
                  <li key={spec.ref} data-addable={shownIndex} className="flex items-start gap-2 px-3 py-2">
                    <SpecText spec={spec} label={spec.label} />
                    <Button
                      size="sm"
                      disabled={disabled || chosen.length >= LIMITS.scorerRefs}
                      onClick={() => add(spec.ref, shownIndex)}
                      data-action="add"
                      aria-label={`Add ${spec.label}`}
                    >
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {shown.length > MAX_LISTED ? (
              <p className="text-xs text-fg-muted">
                Showing {MAX_LISTED} of {shown.length} specs. Search to find the others.
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function SpecText({ spec, label }: { spec: QueueSpec | null; label: string }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm font-medium break-words text-fg">
        <UntrustedText text={label} />
      </p>
      <p className="text-xs break-words text-fg-muted">
        {spec ? <UntrustedText text={specSummary(spec.fieldSchema)} /> : "Could not be read"}
      </p>
      {spec?.description ? (
        <p className="mt-0.5 line-clamp-2 text-xs break-words text-fg-muted">
          <UntrustedText text={spec.description} mode="controls" />
        </p>
      ) : null}
    </div>
  );
}
