import type { AnnotationState, SettableState } from "@contract/trace";
import { STATE_LABELS } from "../shared/item-state";

export type Move = { allowed: true; note?: string } | { allowed: false; reason: string };

/**
 * Which state changes the service will accept (docs/contract-decisions.md#progress). The rules
 * apply to the caller's own progress record, and the service shows only the latest writer's state:
 * - nobody has annotated the item (unstarted): any settable state;
 * - the latest writer is someone else: the caller's own record is unknown, so every move is
 *   offered and the service has the last word (a refusal rolls back with its reason);
 * - the latest writer is the caller, or the caller is not known yet (`me` null, learnt from the
 *   first accepted change): `in_progress` may move on to completed or skipped; completed and
 *   skipped are final; setting the same state again changes nothing and is not offered.
 */
export function allowedMoves(
  item: { annotation_state: AnnotationState; annotator_user_id?: string | null },
  me: string | null,
): Record<SettableState, Move> {
  const state = item.annotation_state;
  const writer = item.annotator_user_id || null;
  if (state === "unstarted")
    return { in_progress: { allowed: true }, completed: { allowed: true }, skipped: { allowed: true } };
  if (writer && me && writer !== me) {
    const note = `${writer} marked it ${STATE_LABELS[state].toLowerCase()}; your own progress on it is separate.`;
    return {
      in_progress: { allowed: true, note },
      completed: { allowed: true, note },
      skipped: { allowed: true, note },
    };
  }
  const by = writer ? ` by ${writer === me ? "you" : writer}` : "";
  const same = (label: string): Move => ({ allowed: false, reason: `Already ${label}${by}.` });
  if (state === "in_progress") {
    return { in_progress: same("in progress"), completed: { allowed: true }, skipped: { allowed: true } };
  }
  const final = STATE_LABELS[state].toLowerCase();
  const locked = (target: SettableState): Move =>
    target === state
      ? same(final)
      : {
          allowed: false,
          reason: `It was ${final}${by}, which is final: it cannot become ${STATE_LABELS[target].toLowerCase()}.`,
        };
  return { in_progress: locked("in_progress"), completed: locked("completed"), skipped: locked("skipped") };
}

/**
 * The item's state when it is the caller's own (the latest writer is the caller, or either is not
 * known, as allowedMoves reads it); undefined when nobody or someone else set it.
 */
export function ownState(
  item: { annotation_state: AnnotationState; annotator_user_id?: string | null },
  me: string | null,
): AnnotationState | undefined {
  if (item.annotation_state === "unstarted") return undefined;
  const writer = item.annotator_user_id || null;
  return writer && me && writer !== me ? undefined : item.annotation_state;
}
