import { formatCount } from "@/lib/number-format";
import type { JudgeOutcome } from "../model/verdicts";

/** A shown version's outcomes in a line, and what to do when it has nothing to measure. */
export function VersionStatus({
  label,
  outcomes,
  isLatest,
}: {
  label: string;
  outcomes: ReadonlyMap<string, JudgeOutcome> | undefined;
  isLatest: boolean;
}) {
  let verdicts = 0;
  for (const outcome of outcomes?.values() ?? []) if (outcome.kind === "verdict") verdicts += 1;
  const failures = (outcomes?.size ?? 0) - verdicts;
  if (verdicts === 0 && failures === 0)
    return (
      <p className="text-sm text-fg">
        {label} has no verdicts yet:{" "}
        {isLatest ? "run it (above) to measure it." : "it was never run, and only the latest version can be."}
      </p>
    );
  if (verdicts === 0)
    return (
      <p className="text-sm text-fg">
        {label} has only failures ({formatCount(failures)}), no verdict to measure: see why in its failures, then edit
        the prompt or the model and run again.
      </p>
    );
  return (
    <p className="text-sm text-fg-muted">
      {label}: {formatCount(verdicts)} verdicts
      {failures > 0 ? ` and ${formatCount(failures)} failures (not counted)` : ""} on the queue&apos;s calls.
    </p>
  );
}
