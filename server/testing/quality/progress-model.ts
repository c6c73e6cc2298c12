import type { AnnotationQueueItem, SettableState } from "../../../contract/trace";

// The progress rules of docs/contract-decisions.md#progress, as a checker of what concurrent clients were told.
// Each annotator's own record only moves forward: none -> in_progress -> completed|skipped, or
// none -> completed|skipped; the same state again is a no-op (200); any other move is a 400.
// Requests of different annotators do not affect each other's records, so each annotator's
// answers are checked against the few histories (chains) their final record allows.

export type ProgressAttempt = {
  annotator: string;
  state: SettableState;
  status: number;
  /** The item of a 200 answer. */
  item?: Pick<AnnotationQueueItem, "id" | "annotation_state" | "annotator_user_id" | "updated_at">;
  /** The reason of a 400 answer. */
  reason?: string;
};

type Chain = readonly SettableState[];

const FINAL: readonly SettableState[] = ["completed", "skipped"];

/** The histories of one annotator's record that end in `final` (undefined: no record was ever written). */
function chainsEndingIn(final: SettableState | undefined): Chain[] {
  if (final === undefined) return [[]];
  if (final === "in_progress") return [["in_progress"]];
  return [[final], ["in_progress", final]];
}

/** `from` and `to` of a 400's reason, as the trace service words it. */
export function parseTransitionReason(reason: string): { from: string; to: string } | undefined {
  const match = /from '([a-z_]+)' to '([a-z_]+)'/.exec(reason);
  return match ? { from: match[1]!, to: match[2]! } : undefined;
}

/** Why `attempts` (one annotator's) could not have happened with this record history; [] if they could. */
function problemsWithChain(attempts: readonly ProgressAttempt[], chain: Chain): string[] {
  const problems: string[] = [];
  const finalState = chain.at(-1);
  for (const a of attempts) {
    const label = `${a.annotator} asked for ${a.state}, got ${a.status}${a.reason ? ` "${a.reason}"` : ""}`;
    if (a.status === 200) {
      // A 200 either wrote a state of the chain or repeated it.
      if (!chain.includes(a.state)) problems.push(`${label}, but their record never held ${a.state}`);
    } else if (a.status === 400) {
      // A 400 happens only once the record is final, and names that state and the one asked for.
      const parsed = a.reason ? parseTransitionReason(a.reason) : undefined;
      if (!parsed) problems.push(`${label}: the reason names no transition`);
      else if (parsed.to !== a.state) problems.push(`${label}: the reason names '${parsed.to}', not what was asked`);
      else if (finalState === undefined || !FINAL.includes(finalState) || parsed.from !== finalState) {
        problems.push(`${label}: the record was never final in '${parsed.from}' (history ${JSON.stringify(chain)})`);
      } else if (a.state === finalState) problems.push(`${label}: repeating the final state is a no-op, not a 400`);
    } else {
      problems.push(`${label}: neither 200 nor 400`);
    }
  }
  // Each state of the history was written by a request that was told so, with the item showing it.
  for (const state of chain) {
    const writers = attempts.filter(
      (a) =>
        a.status === 200 &&
        a.state === state &&
        a.item?.annotation_state === state &&
        a.item.annotator_user_id === attempts[0]?.annotator,
    );
    if (writers.length === 0) problems.push(`no 200 answer to ${attempts[0]?.annotator} shows the write of ${state}`);
  }
  // A request for a final state other than the record's final one must have been refused.
  for (const a of attempts) {
    if (a.status === 200 && FINAL.includes(a.state) && a.state !== finalState)
      problems.push(`${a.annotator} was told ${a.state} succeeded, yet the record ended ${finalState}`);
  }
  return problems;
}

/**
 * Checks every answer given to concurrent progress requests on one item against the rules, the
 * annotators' final records (`records`: annotator -> state) and the item as it ended. Returns the
 * problems found; none means some order of the requests explains every answer.
 */
export function progressProblems(
  attempts: readonly ProgressAttempt[],
  records: Readonly<Record<string, SettableState>>,
  finalItem: Pick<AnnotationQueueItem, "annotation_state" | "annotator_user_id" | "updated_at">,
): string[] {
  const problems: string[] = [];
  const annotators = [...new Set([...attempts.map((a) => a.annotator), ...Object.keys(records)])];
  const chainsOf = new Map<string, Chain>();
  for (const annotator of annotators) {
    const own = attempts.filter((a) => a.annotator === annotator);
    const candidates = chainsEndingIn(records[annotator]).map((chain) => ({
      chain,
      problems: problemsWithChain(own, chain),
    }));
    const fitting = candidates.find((c) => c.problems.length === 0);
    if (fitting) chainsOf.set(annotator, fitting.chain);
    else problems.push(...candidates[0]!.problems);
  }
  // Every item a 200 returned shows a state some annotator's record really held.
  for (const a of attempts) {
    if (a.status !== 200 || !a.item) continue;
    const writer = a.item.annotator_user_id ?? "";
    if (!chainsOf.get(writer)?.includes(a.item.annotation_state as SettableState)) {
      problems.push(
        `${a.annotator} was shown the item ${a.item.annotation_state} by '${writer}', which that record never held`,
      );
    }
  }
  // The item ends as its most recent writer left it: that writer's final record, and the newest answer.
  const lastWriter = finalItem.annotator_user_id ?? "";
  if (attempts.length > 0 && records[lastWriter] !== finalItem.annotation_state) {
    problems.push(
      `the item ended ${finalItem.annotation_state} by '${lastWriter}', whose record is ${records[lastWriter] ?? "absent"}`,
    );
  }
  const shown = attempts.filter((a) => a.status === 200 && a.item).map((a) => a.item!);
  if (shown.some((item) => item.updated_at > finalItem.updated_at))
    problems.push("an answer showed the item newer than it ended");
  if (
    shown.length > 0 &&
    !shown.some(
      (i) =>
        i.updated_at === finalItem.updated_at &&
        i.annotation_state === finalItem.annotation_state &&
        i.annotator_user_id === finalItem.annotator_user_id,
    )
  ) {
    problems.push("no answer showed the item as it ended");
  }
  return problems;
}
