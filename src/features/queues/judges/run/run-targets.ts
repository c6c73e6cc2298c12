import type { JudgeSource } from "../load-judge-source";
import { versionKey } from "../model/verdicts";
import type { RunScope } from "./run-store";
import type { RunTarget } from "./run-judge";

/**
 * Which calls a run asks the judge about. A run never asks twice about a call this version already
 * has an outcome for (that is what makes running again resume), except that "also retry failures"
 * asks again where the standing outcome is a failure. A sample is the N calls with the smallest
 * hash of `<judge id>:<call id>`: the same judge draws the same sample every time (a re-run resumes
 * it, a new version is compared on the same calls), and a call's place in the queue does not matter.
 */
export type TargetChoice = {
  scope: RunScope;
  retryFailures: boolean;
};

export const SAMPLE_BOUNDS = { min: 1, max: 100_000 } as const;

/** FNV-1a, 32 bits: fast, stable across browsers and sessions, spread well enough to draw a sample. */
export function sampleHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The calls of the scope, in the queue's order (a sample in hash order), before done calls are left out. */
export function scopeCalls(
  source: Pick<JudgeSource, "callIds" | "answers">,
  judge: { id: string; specId: string },
  scope: RunScope,
): string[] {
  switch (scope.kind) {
    case "all":
      return source.callIds;
    case "unanswered":
      return source.callIds.filter((callId) => (source.answers.get(callId)?.[judge.specId]?.length ?? 0) === 0);
    case "sample": {
      const size = Math.max(0, Math.floor(scope.size));
      return source.callIds
        .map((callId) => ({ callId, hash: sampleHash(`${judge.id}:${callId}`) }))
        .sort((a, b) => a.hash - b.hash || (a.callId < b.callId ? -1 : 1))
        .slice(0, size)
        .map((entry) => entry.callId);
    }
    case "calls": {
      const queued = new Set(source.callIds);
      return scope.callIds.filter((callId) => queued.has(callId));
    }
  }
}

export type TargetSelection = {
  targets: RunTarget[];
  /** Calls of the scope this version already judged (a verdict, or a failure not retried). */
  alreadyDone: number;
  /** Calls of the scope whose inputs and output could not be read (deleted calls): not asked. */
  unreadable: number;
  inScope: number;
};

/** The calls a run of this judge version asks about: the scope's, less those it has an outcome for. */
export function selectTargets(
  source: Pick<JudgeSource, "callIds" | "answers" | "calls" | "outcomes">,
  judge: { id: string; digest: string; specId: string },
  choice: TargetChoice,
): TargetSelection {
  const inScope = scopeCalls(source, judge, choice.scope);
  const outcomes = source.outcomes.get(versionKey(judge.id, judge.digest));
  const targets: RunTarget[] = [];
  let alreadyDone = 0;
  let unreadable = 0;
  for (const callId of inScope) {
    const outcome = outcomes?.get(callId);
    if (outcome && (outcome.kind === "verdict" || !choice.retryFailures)) {
      alreadyDone += 1;
      continue;
    }
    const call = source.calls.get(callId);
    if (!call) {
      unreadable += 1;
      continue;
    }
    targets.push({ callId, call });
  }
  return { targets, alreadyDone, unreadable, inScope: inScope.length };
}
