import { useMemo, useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { formatCount } from "@/lib/number-format";
import type { JudgeSource } from "../load-judge-source";
import type { Judge } from "../model/judge-value";
import { useJudgeRun, type RunScope } from "../run/run-store";
import { selectTargets } from "../run/run-targets";
import { useStartJudgeRun } from "../run/use-run-actions";
import { HELD_OUT_BOUNDS, heldOutSample } from "./held-out-sample";

/** As the run panel starts with: the local service allows 4 requests in flight. */
const CONCURRENCY = 4;

const parseWhole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Runs the newest version where it matters for the comparison: on the older version's
 * disagreements (did the edit fix them?) and on a held-out sample of answered calls (did it break
 * others?). Runs go through the run store, so their progress shows in the run panel above, and
 * only ask about calls this version has no outcome for yet.
 */
export function ImprovePanel({
  project,
  judge,
  oldLabel,
  spec,
  source,
  sourceFresh,
  disagreementIds,
}: {
  project: string;
  judge: Judge;
  oldLabel: string;
  spec: QueueSpec;
  source: JudgeSource;
  sourceFresh: boolean;
  disagreementIds: readonly string[];
}) {
  const [sizeText, setSizeText] = useState(String(HELD_OUT_BOUNDS.default));
  const run = useJudgeRun(judge.ref);
  const start = useStartJudgeRun(project);
  const running = run !== null && run.end === null;
  const size = parseWhole(sizeText);
  const sizeError =
    size === null || size < HELD_OUT_BOUNDS.min || size > HELD_OUT_BOUNDS.max
      ? `A whole number from ${HELD_OUT_BOUNDS.min} to ${formatCount(HELD_OUT_BOUNDS.max)}.`
      : undefined;
  const specId = spec.id;
  const question = useMemo(
    () => ({ label: spec.label, description: spec.description, schema: spec.fieldSchema }),
    [spec],
  );
  const held = useMemo(
    () => heldOutSample(source, { id: judge.id, specId }, new Set(disagreementIds), size ?? 0),
    [source, judge.id, specId, disagreementIds, size],
  );
  // Memoized: a run's progress re-renders this panel many times a second.
  const plans = useMemo(() => {
    const version = { id: judge.id, digest: judge.digest, specId };
    const disagreementScope: RunScope = {
      kind: "calls",
      label: `the ${formatCount(disagreementIds.length)} disagreements of ${oldLabel}`,
      callIds: disagreementIds,
    };
    const heldScope: RunScope = {
      kind: "calls",
      label: `a held-out sample of ${formatCount(held.length)}`,
      callIds: held,
    };
    return {
      disagreementScope,
      heldScope,
      onDisagreements: selectTargets(source, version, { scope: disagreementScope, retryFailures: false }),
      onHeld: selectTargets(source, version, { scope: heldScope, retryFailures: false }),
    };
  }, [source, judge.id, judge.digest, specId, disagreementIds, oldLabel, held]);
  const { disagreementScope, heldScope, onDisagreements, onHeld } = plans;

  const begin = (scope: RunScope, targets: typeof onHeld.targets) =>
    start({ judge, question, targets, choice: { scope, retryFailures: false }, concurrency: CONCURRENCY });
  const left = (selection: typeof onHeld) =>
    selection.alreadyDone > 0
      ? ` (${formatCount(selection.targets.length)} not judged by v${judge.versionIndex} yet)`
      : "";

  return (
    <div className="space-y-3">
      <p className="text-sm text-fg">
        Edit the prompt in the editor above: each save is a new version. Then run the newest version, v
        {judge.versionIndex}, where the comparison needs it; its progress shows under &quot;Run version{" "}
        {judge.versionIndex}&quot;.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Button
            variant="primary"
            disabled={!sourceFresh || running || onDisagreements.targets.length === 0}
            onClick={() => begin(disagreementScope, onDisagreements.targets)}
          >
            Run on the {formatCount(disagreementIds.length)} disagreements of {oldLabel}
          </Button>
          <p className="text-xs text-fg-muted">
            {disagreementIds.length === 0
              ? `${oldLabel} has no disagreements to run on.`
              : onDisagreements.targets.length === 0
                ? `v${judge.versionIndex} has judged all of them.`
                : `${formatCount(onDisagreements.targets.length)} to ask${left(onDisagreements)}.`}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label="Held-out sample size"
          hint="Answered calls not among the disagreements; the same calls every time."
          inputMode="numeric"
          value={sizeText}
          error={sizeError}
          onChange={(event) => setSizeText(event.target.value)}
          className="max-w-56"
        />
        <div className="space-y-1 pt-6">
          <Button
            disabled={!sourceFresh || running || sizeError !== undefined || onHeld.targets.length === 0}
            onClick={() => begin(heldScope, onHeld.targets)}
          >
            Run on a held-out sample of {formatCount(held.length)}
          </Button>
          <p className="text-xs text-fg-muted">
            {held.length === 0
              ? "No answered call is left outside the disagreements."
              : onHeld.targets.length === 0
                ? `v${judge.versionIndex} has judged all of them.`
                : `${formatCount(onHeld.targets.length)} to ask${left(onHeld)}.`}
          </p>
        </div>
      </div>
      {running ? (
        <p className="text-sm text-fg" aria-live="polite">
          v{judge.versionIndex} is running over {run.scope.kind === "calls" ? run.scope.label : "the queue"}:{" "}
          {formatCount(run.counts.done)} of {formatCount(run.counts.total)} done.
        </p>
      ) : null}
    </div>
  );
}
