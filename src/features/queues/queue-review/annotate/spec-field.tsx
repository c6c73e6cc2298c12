import { useId } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { AnswerStatus } from "./answer-status";
import type { SpecAnswers } from "./answers";
import { ChoiceControl } from "./choice-control";
import { JudgeBadge, JudgeSuggestionNote } from "./judge-suggestion";
import type { JudgeSuggestion } from "./judge-suggestions";
import { isOptional, keyedValues, specKind } from "./spec-kind";
import { TypedControl } from "./typed-control";
import type { PendingAnswer } from "./answer-saves";

const ignore = () => {};

/**
 * One spec: a labelled group named after it, its description as help, the control its schema
 * calls for, and what happened to the answer (answer-status.tsx). With no answer yet, a judge's
 * verdict stands in the control, marked as the judge's and not saved (judge-suggestion.tsx).
 */
export function SpecField({
  spec,
  answers,
  pending,
  active,
  onAnswer,
  onActivate,
  onRetryNow = ignore,
  onDismiss = ignore,
  suggestion,
  subject,
}: {
  spec: QueueSpec;
  answers: SpecAnswers;
  pending: PendingAnswer | undefined;
  /** The number keys answer this spec. */
  active: boolean;
  onAnswer: (value: unknown) => void;
  onActivate: () => void;
  /** Sends every answer waiting to be sent again now (a preview, which saves nothing, has none). */
  onRetryNow?: () => void;
  /** Lets a refused answer go (the one the service has stays shown). */
  onDismiss?: () => void;
  /** What a judge of the queue said about this question on this call. */
  suggestion?: JudgeSuggestion;
  /** The call answered: a typed answer starts over on another (a preview has none). */
  subject?: string;
}) {
  const legendId = useId();
  const helpId = useId();
  const optionalId = useId();
  const judgeId = useId();
  const kind = specKind(spec.fieldSchema);
  const optional = isOptional(spec.fieldSchema);
  const preselected = !pending && !answers.current ? suggestion?.suggested : undefined;
  const shown = pending ? pending.value : (answers.current?.value ?? preselected?.value);
  // Clearing the judge's text leaves the question unanswered, as it was: there is nothing to save.
  const commitTyped = (value: unknown) => {
    if (!(preselected && value === "")) onAnswer(value);
  };
  return (
    <fieldset
      // Named by the question alone (the "optional" mark is part of its description), as before the mark existed.
      aria-labelledby={legendId}
      aria-describedby={cn(helpId, optional && optionalId, suggestion && judgeId)}
      data-active-spec={active || undefined}
      className={cn(
        "space-y-2 rounded-lg border bg-surface px-3 py-2.5",
        active ? "border-accent ring-1 ring-accent" : "border-line",
      )}
    >
      <legend className="float-left flex w-full items-baseline gap-2 text-sm font-semibold text-fg">
        <span id={legendId} className="min-w-0">
          <UntrustedText text={spec.label} />
        </span>
        {optional ? (
          <span id={optionalId} className="rounded border border-line px-1.5 text-xs font-normal text-fg-muted">
            optional
          </span>
        ) : null}
        {/* Beside the question, not under it: a save on every answer must not move the questions below. */}
        <span aria-live="polite" className="ml-auto shrink-0 text-xs font-normal text-fg-muted">
          {pending?.status === "saving" ? "Saving…" : null}
        </span>
      </legend>
      <p id={helpId} className="clear-left text-xs text-fg-muted">
        {spec.description ? <UntrustedText text={spec.description} /> : null}
        {active && keyedValues(kind).length > 0 ? (
          <span className="sr-only"> Number keys answer this question.</span>
        ) : null}
      </p>
      {kind.kind === "unsupported" ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">This question cannot be answered here: {kind.why}.</p>
      ) : kind.kind === "number" || kind.kind === "text" ? (
        <div className={cn(preselected && "space-y-1 rounded-md border-2 border-dashed border-accent p-1.5")}>
          {preselected ? <JudgeBadge /> : null}
          <TypedControl
            kind={kind}
            shown={shown}
            onCommit={commitTyped}
            origin={preselected ? "judge" : "answer"}
            onFocus={onActivate}
            labelId={legendId}
            describedBy={helpId}
            subject={subject}
          />
        </div>
      ) : (
        <ChoiceControl
          values={keyedValuesOrAll(kind)}
          shown={shown}
          keysShown={active}
          onPick={onAnswer}
          onFocus={onActivate}
          describedBy={helpId}
          suggested={preselected}
        />
      )}
      {suggestion ? (
        <JudgeSuggestionNote id={judgeId} suggestion={suggestion} preselected={preselected !== undefined} />
      ) : null}
      <AnswerStatus
        spec={spec}
        answers={answers}
        pending={pending}
        onRetry={() => pending && onAnswer(pending.value)}
        onRetryNow={onRetryNow}
        onDismiss={onDismiss}
      />
    </fieldset>
  );
}

/** Every choice (past nine, the extra ones have no key). */
function keyedValuesOrAll(kind: ReturnType<typeof specKind>): unknown[] {
  if (kind.kind === "choice") return kind.options;
  if (kind.kind === "rating") return Array.from({ length: kind.max - kind.min + 1 }, (_, i) => kind.min + i);
  return keyedValues(kind);
}
