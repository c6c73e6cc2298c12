import { useSyncExternalStore } from "react";
import { countsAtStart, runJudge, type RunCounts, type RunDeps, type RunEnd, type RunRequest } from "./run-judge";

/**
 * The judge runs of this tab, kept outside any page: a run goes on while its judge's page is left
 * (for the review, say) and shows its progress again on return. One run per judge version at a
 * time. A closed tab ends its runs; each outcome is written whole, so a new run resumes.
 */
export type RunScope =
  | { kind: "all" }
  | { kind: "unanswered" }
  | { kind: "sample"; size: number }
  /** Chosen calls: the disagreements, a held-out sample. `label` says which, for the page. */
  | { kind: "calls"; label: string; callIds: readonly string[] };

export type JudgeRun = {
  /** The judge version's ref. */
  judgeRef: string;
  scope: RunScope;
  startedAt: number;
  counts: RunCounts;
  /** Null while it runs. */
  end: RunEnd | null;
  endedAt: number | null;
};

const runs = new Map<string, JudgeRun>();
const controllers = new Map<string, AbortController>();
const listeners = new Set<() => void>();

/** The running runs, rebuilt on every change so a snapshot keeps its identity between changes. */
let runningList: readonly JudgeRun[] = [];

const notify = () => {
  runningList = [...runs.values()].filter((run) => run.end === null);
  for (const listener of listeners) listener();
};

function update(judgeRef: string, change: Partial<JudgeRun>) {
  const run = runs.get(judgeRef);
  if (!run) return;
  // A new object per change: useSyncExternalStore compares snapshots by identity.
  runs.set(judgeRef, { ...run, ...change });
  notify();
}

export const isRunning = (judgeRef: string) => runs.get(judgeRef)?.end === null;

/**
 * Starts a run of one judge version, unless one is running (then that one is returned).
 * `onEnd` is told how it ended (to refresh what shows the verdicts).
 */
export function startRun(
  request: Omit<RunRequest, "signal" | "onProgress">,
  scope: RunScope,
  deps: RunDeps,
  onEnd?: (end: RunEnd) => void,
): JudgeRun {
  const judgeRef = request.judge.ref;
  const running = runs.get(judgeRef);
  if (running && running.end === null) return running;
  const controller = new AbortController();
  controllers.set(judgeRef, controller);
  const run: JudgeRun = {
    judgeRef,
    scope,
    startedAt: Date.now(),
    counts: countsAtStart(request.targets.length),
    end: null,
    endedAt: null,
  };
  runs.set(judgeRef, run);
  notify();
  void runJudge({ ...request, signal: controller.signal, onProgress: (counts) => update(judgeRef, { counts }) }, deps)
    .catch((error: unknown): RunEnd => ({
      state: "paused",
      reason: error instanceof Error ? error.message : String(error),
    }))
    .then((end) => {
      controllers.delete(judgeRef);
      update(judgeRef, { end, endedAt: Date.now() });
      onEnd?.(end);
    });
  return runs.get(judgeRef)!;
}

/** Stops a run: requests in flight are dropped, nothing more is written. */
export function cancelRun(judgeRef: string): void {
  controllers.get(judgeRef)?.abort();
}

/** Forgets an ended run (its panel closed). */
export function dismissRun(judgeRef: string): void {
  if (runs.get(judgeRef)?.end === null) return;
  runs.delete(judgeRef);
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The run of a judge version in this tab (running or ended), or null. */
export function useJudgeRun(judgeRef: string | null): JudgeRun | null {
  return useSyncExternalStore(subscribe, () => (judgeRef ? (runs.get(judgeRef) ?? null) : null));
}

/** Every run still going in this tab (a status line on other pages). */
export function useRunningJudgeRuns(): readonly JudgeRun[] {
  return useSyncExternalStore(subscribe, () => runningList);
}
