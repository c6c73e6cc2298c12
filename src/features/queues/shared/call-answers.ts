import type { Feedback } from "@contract/trace-feedback";
import { ANNOTATION_FEEDBACK_PREFIX } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";

/** An answer that stands: who gave it, what, and when. */
export type GivenAnswer = { id: string; by: string; value: unknown; at: string };

/** Per question id, the answers that stand on one call. */
export type AnswersOnCall = Readonly<Record<string, readonly GivenAnswer[]>>;

export const valueOf = (row: Feedback): unknown => (row.payload as { value?: unknown }).value;

const given = (row: Feedback): GivenAnswer => ({ id: row.id, by: row.wb_user_id, value: valueOf(row), at: row.created_at });

/**
 * The answers to one question that stand, oldest first: each annotator's latest for a question
 * unique among creators, else the call's one latest answer, whoever gave it (contract-decisions.md:
 * the server enforces neither; the client creates or replaces accordingly).
 */
export function standingAnswers(spec: Pick<QueueSpec, "id" | "uniqueAmongCreators">, rows: readonly Feedback[]): GivenAnswer[] {
  const type = `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`;
  const ofSpec = rows.filter((row) => row.feedback_type === type).toSorted((a, b) => a.created_at.localeCompare(b.created_at));
  if (!spec.uniqueAmongCreators) return ofSpec.slice(-1).map(given);
  const latestBy = new Map<string, Feedback>();
  // In the order annotators first answered, so a changed answer does not move its place.
  for (const row of ofSpec) latestBy.set(row.wb_user_id, row);
  return [...latestBy.values()].map(given);
}

/** The call id a feedback row is about (`weave:///entity/project/call/<id>`), or null for other refs. */
export function callIdOf(weaveRef: string): string | null {
  const at = weaveRef.lastIndexOf("/call/");
  return at === -1 ? null : weaveRef.slice(at + "/call/".length) || null;
}

/** The standing answers to every question, per call, from one query's rows for many calls. */
export function answersByCall(specs: readonly QueueSpec[], rows: readonly Feedback[]): ReadonlyMap<string, AnswersOnCall> {
  const rowsByCall = new Map<string, Feedback[]>();
  for (const row of rows) {
    const callId = callIdOf(row.weave_ref);
    if (callId === null) continue;
    let list = rowsByCall.get(callId);
    if (!list) rowsByCall.set(callId, (list = []));
    list.push(row);
  }
  const result = new Map<string, AnswersOnCall>();
  for (const [callId, callRows] of rowsByCall) result.set(callId, Object.fromEntries(specs.map((spec) => [spec.id, standingAnswers(spec, callRows)])));
  return result;
}

/** An answer as people read it: Yes/No for booleans, text as it is, anything else as JSON. */
export const formatAnswer = (value: unknown): string => (value === true ? "Yes" : value === false ? "No" : typeof value === "string" ? value : JSON.stringify(value));
