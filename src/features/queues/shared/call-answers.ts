import { compareTimestamps } from "@contract/common";
import type { Feedback } from "@contract/trace-feedback";
import { ANNOTATION_FEEDBACK_PREFIX } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";

/** An answer that stands: who gave it, what, and when. */
export type GivenAnswer = { id: string; by: string; value: unknown; at: string };

/** Per question id, the answers that stand on one call. */
export type AnswersOnCall = Readonly<Record<string, readonly GivenAnswer[]>>;

export const valueOf = (row: Feedback): unknown => (row.payload as { value?: unknown }).value;

const given = (row: Feedback): GivenAnswer => ({
  id: row.id,
  by: row.wb_user_id,
  value: valueOf(row),
  at: row.created_at,
});

/**
 * The answers to one question that stand, oldest first: each annotator's latest for a question
 * unique among creators, else the call's one latest answer, whoever gave it (the server enforces neither:
 * docs/contract-decisions.md#annotation-specs; the client creates or replaces accordingly).
 */
export function standingAnswers(
  spec: Pick<QueueSpec, "id" | "uniqueAmongCreators">,
  rows: readonly Feedback[],
): GivenAnswer[] {
  const type = `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`;
  return standingAmong(
    spec,
    rows.filter((row) => row.feedback_type === type),
  );
}

/** standingAnswers over rows already narrowed to the question's feedback type. */
function standingAmong(spec: Pick<QueueSpec, "uniqueAmongCreators">, ofSpec: readonly Feedback[]): GivenAnswer[] {
  if (ofSpec.length === 0) return [];
  const ordered =
    ofSpec.length === 1 ? ofSpec : ofSpec.toSorted((a, b) => compareTimestamps(a.created_at, b.created_at));
  if (!spec.uniqueAmongCreators) return ordered.slice(-1).map(given);
  const latestBy = new Map<string, Feedback>();
  // In the order annotators first answered, so a changed answer does not move its place.
  for (const row of ordered) latestBy.set(row.wb_user_id, row);
  return [...latestBy.values()].map(given);
}

/** The call id a feedback row is about (`weave:///entity/project/call/<id>`), or null for other refs. */
export function callIdOf(weaveRef: string): string | null {
  const at = weaveRef.lastIndexOf("/call/");
  return at === -1 ? null : weaveRef.slice(at + "/call/".length) || null;
}

/**
 * The standing answers to every question, per call, from one query's rows for many calls. One
 * pass sorts the rows by call and feedback type, so each question looks only at its own few rows
 * (an export or the Insights page runs this over 30,000 rows).
 */
export function answersByCall(
  specs: readonly QueueSpec[],
  rows: readonly Feedback[],
): ReadonlyMap<string, AnswersOnCall> {
  const rowsByCall = new Map<string, Map<string, Feedback[]>>();
  for (const row of rows) {
    const callId = callIdOf(row.weave_ref);
    if (callId === null) continue;
    let byType = rowsByCall.get(callId);
    if (!byType) rowsByCall.set(callId, (byType = new Map()));
    const list = byType.get(row.feedback_type);
    if (list) list.push(row);
    else byType.set(row.feedback_type, [row]);
  }
  const types = specs.map((spec) => `${ANNOTATION_FEEDBACK_PREFIX}${spec.id}`);
  const result = new Map<string, AnswersOnCall>();
  for (const [callId, byType] of rowsByCall) {
    const onCall: Record<string, readonly GivenAnswer[]> = {};
    specs.forEach((spec, index) => {
      onCall[spec.id] = standingAmong(spec, byType.get(types[index] as string) ?? NO_ROWS);
    });
    result.set(callId, onCall);
  }
  return result;
}

const NO_ROWS: readonly Feedback[] = [];

/** An answer as people read it: Yes/No for booleans, text as it is, anything else as JSON. */
export const formatAnswer = (value: unknown): string =>
  value === true ? "Yes" : value === false ? "No" : typeof value === "string" ? value : JSON.stringify(value);
