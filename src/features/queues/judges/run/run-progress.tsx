import { Button } from "@/components/button";
import { formatCount } from "@/lib/number-format";
import { endWords, formatTokens, scopeWords } from "./run-words";
import type { JudgeRun } from "./run-store";

/** A run's progress while it goes (done of total, verdicts, failures, waits, tokens) and its end in words. */
export function RunProgress({
  run,
  onCancel,
  onResume,
  resumeDisabled,
}: {
  run: JudgeRun;
  onCancel: () => void;
  onResume: () => void;
  resumeDisabled: boolean;
}) {
  const { counts, end } = run;
  const resumable = end !== null && (end.state === "cancelled" || end.state === "paused");
  return (
    <div className="space-y-2 rounded-lg border border-line bg-surface p-3">
      <p className="text-sm font-medium text-fg">Run over {scopeWords(run.scope)}</p>
      <progress
        aria-label="Calls judged"
        value={counts.done}
        max={Math.max(counts.total, 1)}
        className="h-2 w-full accent-indigo-600"
      />
      <output aria-live="polite" className="block text-sm text-fg tabular-nums">
        {formatCount(counts.done)} of {formatCount(counts.total)} done: {formatCount(counts.verdicts)} verdicts,{" "}
        {formatCount(counts.failures)} failures
        {counts.backingOff > 0 ? `, ${counts.backingOff} waiting after a rate limit or a server error` : ""};{" "}
        {formatTokens(counts.promptTokens)} prompt and {formatTokens(counts.completionTokens)} reply tokens used.
      </output>
      {counts.simulated ? (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
        >
          Simulated: no language model ran; verdicts are deterministic stand-ins.
        </p>
      ) : null}
      {end ? (
        <output
          className={
            end.state === "finished" ? "block text-sm text-fg" : "block text-sm text-red-700 dark:text-red-400"
          }
        >
          {endWords(end, counts.done, counts.total)}
        </output>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {end === null ? (
          <Button onClick={onCancel}>Cancel</Button>
        ) : resumable ? (
          <Button variant="primary" onClick={onResume} disabled={resumeDisabled}>
            Resume
          </Button>
        ) : null}
      </div>
    </div>
  );
}
