import type { Feedback } from "@contract/trace-feedback";
import { parseObjectRef } from "@contract/weave-refs";
import type { QueueSpec } from "@/api/annotation-specs";
import type { Judge } from "../../judges/model/judge-value";
import { outcomesByVersion, versionKey, type JudgeOutcome } from "../../judges/model/verdicts";
import { specKind, typedProblem, type SpecKind } from "./spec-kind";

/**
 * What a judge said about one question on this call: its verdict (the answer it suggests, unless
 * the question does not take that value), or why it could not answer. `latest` says whether it is
 * the judge's latest version's; otherwise `digest` names the version it came from.
 */
export type JudgeSuggestion = {
  judge: Pick<Judge, "id" | "name" | "digest">;
  digest: string;
  latest: boolean;
  outcome: JudgeOutcome;
  /** The latest version's answer as this question takes it; absent for a failure, an older version's verdict, or a value it does not take. */
  suggested?: { value: unknown };
};

/** The question a judge answers: the spec's object name (its versions differ by digest, the question is the same). */
export const questionOf = (judge: Pick<Judge, "specRef">): string | null => parseObjectRef(judge.specRef)?.name ?? null;

/**
 * Per question id, what the queue's judges said about this call, read from the call's feedback
 * the review already has. Per judge: its latest version's verdict, else the newest verdict of any
 * version, else the latest version's failure, else the newest failure. Between several judges of
 * one question, the first (the list is newest first) with a verdict, else the first with a failure.
 */
export function judgeSuggestions(
  specs: readonly Pick<QueueSpec, "id" | "fieldSchema">[],
  judges: readonly Judge[],
  rows: readonly Feedback[],
  callId: string,
): Map<string, JudgeSuggestion> {
  const found = new Map<string, JudgeSuggestion>();
  if (judges.length === 0) return found;
  const byVersion = outcomesByVersion(rows);
  if (byVersion.size === 0) return found;
  const callOutcomes = callOutcomesOf(byVersion, callId);
  for (const spec of specs) {
    let chosen: JudgeSuggestion | null = null;
    for (const judge of judges) {
      if (questionOf(judge) !== spec.id) continue;
      const read = judgeOutcome(judge, callOutcomes.get(judge.id) ?? []);
      if (!read) continue;
      if (read.outcome.kind === "verdict") {
        chosen = read;
        break;
      }
      chosen ??= read;
    }
    if (!chosen) continue;
    const kind = specKind(spec.fieldSchema);
    const { outcome } = chosen;
    found.set(
      spec.id,
      // Only the latest version's verdict is offered to accept: an older version may have answered another
      // question (a judge's question can change between versions), so its verdict is shown, never pre-selected.
      outcome.kind === "verdict" && chosen.latest && takes(kind, outcome.answer)
        ? { ...chosen, suggested: { value: outcome.answer } }
        : chosen,
    );
  }
  return found;
}

type VersionOutcome = { digest: string; outcome: JudgeOutcome };

/** Per judge id, the outcome each of its versions has on the call. */
function callOutcomesOf(
  byVersion: ReturnType<typeof outcomesByVersion>,
  callId: string,
): Map<string, VersionOutcome[]> {
  const byJudge = new Map<string, VersionOutcome[]>();
  for (const [key, calls] of byVersion) {
    const split = key.lastIndexOf(":");
    const judgeId = key.slice(0, split);
    const digest = key.slice(split + 1);
    const outcome = calls.get(callId);
    if (!outcome) continue;
    const list = byJudge.get(judgeId) ?? [];
    list.push({ digest, outcome });
    byJudge.set(judgeId, list);
  }
  return byJudge;
}

function judgeOutcome(judge: Judge, outcomes: readonly VersionOutcome[]): JudgeSuggestion | null {
  if (outcomes.length === 0) return null;
  const latestKey = versionKey(judge.id, judge.digest);
  const isLatest = (read: VersionOutcome) => versionKey(judge.id, read.digest) === latestKey;
  const newest = (kind: JudgeOutcome["kind"]) =>
    outcomes
      .filter((read) => read.outcome.kind === kind)
      .reduce<VersionOutcome | null>((best, read) => (!best || read.outcome.at > best.outcome.at ? read : best), null);
  const pick =
    outcomes.find((read) => isLatest(read) && read.outcome.kind === "verdict") ??
    newest("verdict") ??
    outcomes.find(isLatest) ??
    newest("failure");
  if (!pick) return null;
  return {
    judge: { id: judge.id, name: judge.name, digest: judge.digest },
    digest: pick.digest,
    latest: isLatest(pick),
    outcome: pick.outcome,
  };
}

/** Whether the question's control can show (and save) the value: a verdict under an older schema may not fit. */
function takes(kind: SpecKind, value: unknown): boolean {
  switch (kind.kind) {
    case "choice":
      return kind.options.some((option) => Object.is(option, value));
    case "rating":
      return Number.isInteger(value) && (value as number) >= kind.min && (value as number) <= kind.max;
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number" && typedProblem(kind, value) === null;
    case "text":
      return typeof value === "string" && value !== "" && typedProblem(kind, value) === null;
    default:
      return false;
  }
}
