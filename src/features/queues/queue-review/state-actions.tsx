import type { AnnotationState, SettableState } from "@contract/trace";
import { GuardedButton } from "./guarded-button";
import { STATE_LABELS } from "../shared/item-state";
import { allowedMoves, ownState } from "./transition-rules";
import type { ReviewAction } from "./use-review-session";

/**
 * Start / Complete / Skip, and Complete & next / Skip & next as one action each. A move the rules
 * forbid is blocked with the reason; "& next" at the end of the list still records the state.
 */
export function StateActions({
  state,
  writer,
  me,
  busy,
  hasNext,
  onAction,
}: {
  /** The item's state, and who set it last: all the buttons read of the item, so the next item in the same state
   * (the usual case, one unstarted item after another) leaves them as they are. */
  state: AnnotationState;
  writer: string | null;
  me: string | null;
  busy: boolean;
  hasNext: boolean;
  onAction: (action: ReviewAction) => void;
}) {
  const item = { annotation_state: state, annotator_user_id: writer };
  const moves = allowedMoves(item, me);
  const blocked = (target: SettableState) =>
    moves[target].allowed ? null : (moves[target] as { reason: string }).reason;
  const note = (target: SettableState) =>
    moves[target].allowed ? (moves[target] as { note?: string }).note : undefined;
  const nextNote = hasNext ? undefined : "This is the last item of the list: the state is recorded and you stay here.";
  // "& next" on an item already in that state (mine) only moves on: never blocked.
  const already = ownState(item, me);
  const andNext = (target: SettableState) =>
    already === target
      ? { blockedReason: null, note: `Already ${STATE_LABELS[target].toLowerCase()}: moves on without changing it.` }
      : { blockedReason: blocked(target), note: note(target) ?? nextNote };
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Set the item&apos;s state</legend>
      <GuardedButton
        blockedReason={blocked("in_progress")}
        note={note("in_progress")}
        busy={busy}
        shortcut="t"
        onClick={() => onAction({ state: "in_progress", advance: false })}
      >
        Start
      </GuardedButton>
      <GuardedButton
        blockedReason={blocked("completed")}
        note={note("completed")}
        busy={busy}
        shortcut="c"
        onClick={() => onAction({ state: "completed", advance: false })}
      >
        Complete
      </GuardedButton>
      <GuardedButton
        blockedReason={blocked("skipped")}
        note={note("skipped")}
        busy={busy}
        shortcut="s"
        onClick={() => onAction({ state: "skipped", advance: false })}
      >
        Skip
      </GuardedButton>
      {/* Only where the two groups share a line: below lg the bar wraps between them, and the rule would end the first line. */}
      <span aria-hidden="true" data-testid="actions-rule" className="mx-1 h-5 w-px bg-line-strong max-lg:hidden" />
      <GuardedButton
        variant="primary"
        {...andNext("completed")}
        busy={busy}
        shortcut="C"
        onClick={() => onAction({ state: "completed", advance: true })}
      >
        Complete &amp; next
      </GuardedButton>
      <GuardedButton
        {...andNext("skipped")}
        busy={busy}
        shortcut="S"
        onClick={() => onAction({ state: "skipped", advance: true })}
      >
        Skip &amp; next
      </GuardedButton>
    </fieldset>
  );
}
