import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { AnnotationQueue } from "@contract/trace";
import { ErrorPanel } from "@/components/error-panel";
import { Section } from "@/components/section";
import { UntrustedText } from "@/components/untrusted-text";
import { oncePerPress, useShortcuts } from "../../shared/keyboard";
import { othersHidden } from "../../team/blind-review";
import { answersFor, unansweredSpecs } from "./answers";
import { keyedValues, specKind } from "./spec-kind";
import { NotesThread } from "./notes-thread";
import { SpecField } from "./spec-field";
import { AcceptSuggestions } from "./accept-suggestions";
import { ACCEPT_SUGGESTIONS_KEY } from "./judge-suggestion";
import { useJudgeSuggestions } from "./use-judge-suggestions";
import { useAnnotations, type AnnotatedItem } from "./use-annotations";
import { useResetOnChange } from "./use-reset-on-change";
import type { QueueSpec } from "@/api/annotation-specs";

const NO_SPECS: QueueSpec[] = [];

const NUMBER_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/** The field inside the highlighted question that `e` moves into: the typed field, else the picked choice, else the first. */
const FIELD_OF_ACTIVE = ["textarea", "input:not([type=radio])", "input[type=radio]:checked", "input[type=radio]"].map(
  (field) => `[data-active-spec] ${field}`,
);

/**
 * The queue's questions about this call, beside it: one control per human-annotation spec, the
 * queue's guidelines above them. The number keys answer the highlighted question and move on to
 * the next, j and k move the highlight, e goes into its field: a reviewer answers a whole item,
 * comment included, without leaving the keyboard. Under blind review others' answers stay hidden
 * until I have answered every required question of the item. A judge's verdict stands in a
 * question I have not answered, marked and unsaved; `a` accepts them all as my answers.
 * The panel stays in the page from one item to the next (only what differs is drawn again): what belongs to one item
 * (the highlight, the focus, typed text, a note's error) is set back here and in its fields when the call changes.
 */
export function AnnotationPanel({
  project,
  queue,
  item,
  me,
  onAnswer,
}: {
  project: string;
  queue: AnnotationQueue;
  item: AnnotatedItem;
  me: string | null;
  /** Told the item's id after each answer (the review starts an item on its first). */
  onAnswer?: (itemId: string) => void;
}) {
  const refs = queue.scorer_refs ?? [];
  const annotations = useAnnotations(project, refs, item, me);
  const { specs, team, feedback, pending } = annotations;
  const answer = (spec: QueueSpec, value: unknown) => {
    annotations.answer(spec, value);
    onAnswer?.(item.id);
  };
  // Shown once the team settings are known too: they decide whose answer each control changes.
  const list = team.settings ? (specs.data?.specs ?? NO_SPECS) : NO_SPECS;
  const [activeIndex, setActiveIndex] = useState(0);
  const active = list[Math.min(activeIndex, list.length - 1)];
  const rows = feedback.data ?? [];
  const unanswered = new Set(unansweredSpecs(list, rows, pending, me).map((spec) => spec.id));
  const hidden = team.settings !== null && othersHidden(team.settings, list, (specId) => !unanswered.has(specId));
  // An answer given before these arrive is shown at once and saved once they are here (use-annotations).
  const reading = feedback.isPending;
  // Not another annotator's answer: shown under blind review too.
  const judged = useJudgeSuggestions(project, queue.id, list, rows, item.call_id);
  const acceptable = list.flatMap((spec) => {
    const suggested = judged.suggestions.get(spec.id)?.suggested;
    return suggested && !pending[spec.id] && answersFor(spec, rows, me).current === null
      ? [{ spec, value: suggested.value }]
      : [];
  });
  const acceptAll = () => {
    for (const { spec, value } of acceptable) answer(spec, value);
  };
  const panel = useRef<HTMLElement>(null);
  // Counts the highlight's moves by key: each one brings the highlighted question into view (opening the item does not scroll).
  const [highlightMoves, setHighlightMoves] = useState(0);
  const highlight = (move: number) => {
    setActiveIndex((current) => Math.max(0, Math.min(current + move, list.length - 1)));
    setHighlightMoves((count) => count + 1);
  };
  useResetOnChange(item.call_id, () => {
    setActiveIndex(0);
    setHighlightMoves(0);
  });
  // The focus does not stay on a field of the item before: it goes to the page, as when a focused field leaves it.
  // Before paint, so no frame shows it there.
  const focusedOn = useRef(item.call_id);
  useLayoutEffect(() => {
    if (focusedOn.current === item.call_id) return;
    focusedOn.current = item.call_id;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && panel.current?.contains(focused)) focused.blur();
  }, [item.call_id]);
  useEffect(() => {
    if (highlightMoves === 0) return;
    // "nearest": the least scrolling that shows it (inside the questions' own column on a wide screen).
    panel.current?.querySelector<HTMLElement>("[data-active-spec]")?.scrollIntoView?.({ block: "nearest" });
  }, [highlightMoves]);

  useShortcuts(
    {
      ...Object.fromEntries(
        NUMBER_KEYS.map((key, index) => [
          key,
          // A held key must not answer the questions after this one too.
          oncePerPress(() => {
            if (!active) return;
            const value = keyedValues(specKind(active.fieldSchema))[index];
            if (value === undefined) return;
            answer(active, value);
            highlight(1);
          }),
        ]),
      ),
      [ACCEPT_SUGGESTIONS_KEY]: oncePerPress(acceptAll),
      j: () => highlight(1),
      k: () => highlight(-1),
      e: (event) => {
        const field = FIELD_OF_ACTIVE.map((selector) => panel.current?.querySelector<HTMLElement>(selector)).find(
          Boolean,
        );
        if (!field) return;
        // The key that moved focus must not also be typed into the field.
        event.preventDefault();
        field.focus();
        // Into a comment already written, the caret goes after its last word (focus() alone puts it first).
        if (field instanceof HTMLTextAreaElement) field.setSelectionRange(field.value.length, field.value.length);
      },
    },
    list.length > 0,
  );

  return (
    <Section
      ref={panel}
      title="Annotate"
      // Below the wide layout the page itself scrolls: a question brought into view stops below the sticky action bar.
      className="rounded-lg border border-line bg-subtle/40 p-3 max-lg:[&_[data-active-spec]]:scroll-mt-[calc(var(--review-bar-scroll,3.5rem)_+_1rem)]"
    >
      {queue.description ? (
        <div className="text-xs text-fg-muted">
          <span className="font-medium text-fg">Guidelines: </span>
          <UntrustedText text={queue.description} />
        </div>
      ) : null}
      {specs.isError ? (
        <ErrorPanel
          error={specs.error}
          title="Could not read this queue's questions"
          onRetry={() => void specs.refetch()}
        />
      ) : null}
      {feedback.isError ? (
        <ErrorPanel
          error={feedback.error}
          title="Could not read the answers given so far"
          onRetry={() => void feedback.refetch()}
        />
      ) : null}
      {team.error ? (
        <ErrorPanel
          error={team.error}
          title="Could not read this queue's team settings: answers are kept per annotator, and others' hidden until you answer"
          onRetry={() => void team.refetch()}
        />
      ) : null}
      {(specs.isPending || !team.settings) && refs.length > 0 ? (
        <p className="text-xs text-fg-muted">Loading the questions…</p>
      ) : null}
      {hidden ? (
        <p className="text-xs text-fg-muted">Others' answers are hidden until you answer: blind review</p>
      ) : null}
      {reading && list.length > 0 ? <p className="text-xs text-fg-muted">Reading the answers given so far…</p> : null}
      {judged.error ? (
        <ErrorPanel
          error={judged.error}
          title="Could not read this queue's judges: their suggestions are not shown"
          onRetry={() => void judged.refetch()}
        />
      ) : null}
      <AcceptSuggestions count={acceptable.length} onAccept={acceptAll} />
      {specs.data?.missing.map((missing) => (
        <p key={missing.ref} className="text-xs text-amber-800 dark:text-amber-300">
          A question of this queue could not be read (<UntrustedText text={missing.ref} />
          ): {missing.reason}
        </p>
      ))}
      {list.map((spec, index) => (
        <SpecField
          key={spec.ref}
          spec={spec}
          answers={hidden ? { ...answersFor(spec, rows, me), others: [] } : answersFor(spec, rows, me)}
          pending={pending[spec.id]}
          active={spec === active}
          onAnswer={(value) => answer(spec, value)}
          onActivate={() => setActiveIndex(index)}
          onRetryNow={annotations.retryNow}
          onDismiss={() => annotations.dismiss(spec.id)}
          suggestion={judged.suggestions.get(spec.id)}
          subject={item.call_id}
        />
      ))}
      <NotesThread project={project} callId={item.call_id} rows={rows} me={me} />
    </Section>
  );
}
