import { compareTimestamps } from "@contract/common";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import { standingAnswers } from "../../shared/call-answers";
import type { PendingAnswer } from "./answer-saves";
import { specKind } from "./spec-kind";

/**
 * What has been answered for one spec on one call. A spec unique among creators has an answer per
 * annotator: mine is the one I change, others' are shown beside it. Otherwise the call has one
 * shared answer, the latest, which anyone changes (docs/contract-decisions.md#annotation-specs: the server enforces
 * neither; the client creates or replaces accordingly).
 */
export type SpecAnswers = {
  /** The row a change replaces (mine, or the shared one), or null when there is none yet. */
  current: { id: string; value: unknown; by: string } | null;
  /** Other annotators' answers, latest each (specs unique among creators only). */
  others: { by: string; value: unknown }[];
};

export function answersFor(
  spec: Pick<QueueSpec, "id" | "uniqueAmongCreators">,
  rows: readonly Feedback[],
  me: string | null,
): SpecAnswers {
  const standing = standingAnswers(spec, rows);
  const current = (spec.uniqueAmongCreators ? standing.find((answer) => answer.by === me) : standing.at(-1)) ?? null;
  const others = spec.uniqueAmongCreators
    ? standing.filter((answer) => answer.by !== me).map(({ by, value }) => ({ by, value }))
    : [];
  return { current: current && { id: current.id, value: current.value, by: current.by }, others };
}

/** The call's notes (`wandb.note.1`), oldest first. */
export const notesOf = (rows: readonly Feedback[]) =>
  rows
    .filter((row) => row.feedback_type === "wandb.note.1")
    .toSorted((a, b) => compareTimestamps(a.created_at, b.created_at));

/**
 * The questions this call has no answer to yet, as the annotator sees them: a spec unique among
 * creators needs mine, a shared one anyone's; an answer being saved or waiting to be sent again
 * counts, a refused one does not. Questions the review cannot answer (an unsupported schema) are left out.
 */
export function unansweredSpecs(
  specs: readonly QueueSpec[],
  rows: readonly Feedback[],
  pending: Readonly<Record<string, PendingAnswer>>,
  me: string | null,
): QueueSpec[] {
  return specs.filter((spec) => {
    if (specKind(spec.fieldSchema).kind === "unsupported") return false;
    const status = pending[spec.id]?.status;
    if (status === "saving" || status === "waiting") return false;
    return answersFor(spec, rows, me).current === null;
  });
}
