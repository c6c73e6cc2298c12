import { useMemo, useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { Button } from "@/components/button";
import { Checkbox } from "@/components/checkbox";
import { TextField } from "@/components/text-field";
import { formatCount } from "@/lib/number-format";
import { useStoredValue } from "@/lib/stored-value";
import type { JudgeSource } from "../load-judge-source";
import { addCost, NO_COST } from "../model/cost-estimate";
import type { Judge } from "../model/judge-value";
import { judgeMessages, missingFields } from "../model/prompt-template";
import { lastRunStore } from "./last-run";
import { RUN_BOUNDS } from "./run-judge";
import { RunProgress } from "./run-progress";
import { cancelRun, dismissRun, useJudgeRun, type RunScope } from "./run-store";
import { SAMPLE_BOUNDS, selectTargets, type TargetChoice } from "./run-targets";
import { costWords, scopeWords } from "./run-words";
import { useStartJudgeRun } from "./use-run-actions";

type ScopeKind = "all" | "unanswered" | "sample";

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_SAMPLE = 20;

const parseWhole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Runs the judge's latest version over the queue: which calls (all, the unanswered, a sample),
 * how many at once, what it will cost, then its progress, Cancel and Resume. Calls this version
 * already has an outcome for are left out, so running again resumes.
 */
export function RunPanel({
  project,
  judge,
  spec,
  source,
  sourceFresh,
}: {
  project: string;
  judge: Judge;
  spec: QueueSpec;
  source: JudgeSource;
  /** False while the queue is read again (after a run): a start then could ask about calls already judged. */
  sourceFresh: boolean;
}) {
  const [kind, setKind] = useState<ScopeKind>("sample");
  const [sampleText, setSampleText] = useState(String(DEFAULT_SAMPLE));
  const [concurrencyText, setConcurrencyText] = useState(String(DEFAULT_CONCURRENCY));
  const [retryFailures, setRetryFailures] = useState(false);
  const run = useJudgeRun(judge.ref);
  const lastRun = useStoredValue(lastRunStore(judge.ref));
  const start = useStartJudgeRun(project);

  const sampleSize = parseWhole(sampleText);
  const sampleError =
    kind !== "sample"
      ? undefined
      : sampleSize === null || sampleSize < SAMPLE_BOUNDS.min || sampleSize > SAMPLE_BOUNDS.max
        ? `A whole number from ${SAMPLE_BOUNDS.min} to ${formatCount(SAMPLE_BOUNDS.max)}.`
        : undefined;
  const concurrency = parseWhole(concurrencyText);
  const { min, max } = RUN_BOUNDS.concurrency;
  const concurrencyError =
    concurrency === null || concurrency < min || concurrency > max
      ? `A whole number from ${min} to ${max}.`
      : undefined;

  const scope: RunScope =
    kind === "sample"
      ? { kind: "sample", size: sampleSize ?? 0 }
      : kind === "all"
        ? { kind: "all" }
        : { kind: "unanswered" };
  const choice: TargetChoice = { scope, retryFailures };
  const specId = spec.id;
  const question = useMemo(
    () => ({ label: spec.label, description: spec.description, schema: spec.fieldSchema }),
    [spec],
  );
  const scopeKey = JSON.stringify(choice);
  const plan = useMemo(() => {
    const selection = selectTargets(source, { id: judge.id, digest: judge.digest, specId }, JSON.parse(scopeKey));
    let cost = NO_COST;
    let missing = 0;
    for (const target of selection.targets) {
      if (missingFields(judge.prompt, target.call).length > 0) missing += 1;
      else cost = addCost(cost, judgeMessages(judge.prompt, question, target.call));
    }
    return { selection, cost, missing };
  }, [source, judge, specId, scopeKey, question]);

  const running = run !== null && run.end === null;
  const canStart = sourceFresh && !running && !sampleError && !concurrencyError && plan.selection.targets.length > 0;

  const begin = (targetChoice: TargetChoice) => {
    const selection =
      targetChoice === choice
        ? plan.selection
        : selectTargets(source, { id: judge.id, digest: judge.digest, specId }, targetChoice);
    dismissRun(judge.ref);
    start({
      judge,
      question,
      targets: selection.targets,
      choice: targetChoice,
      concurrency: concurrency ?? DEFAULT_CONCURRENCY,
    });
  };

  // A run this tab did not see end: the tab that ran it was closed (or reloaded) before the end.
  const interrupted = run === null && lastRun !== null && !lastRun.ended ? lastRun : null;
  const interruptedPlan = useMemo(
    () =>
      interrupted ? selectTargets(source, { id: judge.id, digest: judge.digest, specId }, interrupted.choice) : null,
    [interrupted, source, judge, specId],
  );

  return (
    <div className="space-y-4">
      {interrupted && interruptedPlan ? (
        <div
          role="note"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <span>
            A run of this version over {scopeWords(interrupted.choice.scope)} stopped before it finished (
            {formatCount(interruptedPlan.inScope - interruptedPlan.targets.length)} of{" "}
            {formatCount(interruptedPlan.inScope)} outcomes written).
          </span>
          <Button size="sm" variant="primary" disabled={!sourceFresh} onClick={() => begin(interrupted.choice)}>
            Resume
          </Button>
          <Button size="sm" variant="ghost" onClick={() => lastRunStore(judge.ref).set(null)}>
            Forget it
          </Button>
        </div>
      ) : null}
      <fieldset className="space-y-2" disabled={running}>
        <legend className="text-sm font-medium text-fg">Calls to judge</legend>
        {(
          [
            ["sample", "A sample"],
            ["unanswered", "Calls no one answered (this question)"],
            ["all", "All calls"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={`scope-${judge.id}`}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              className="accent-[var(--ui-accent)]"
            />
            {label}
          </label>
        ))}
        <div className="grid max-w-md gap-3 sm:grid-cols-2">
          {kind === "sample" ? (
            <TextField
              label="Sample size"
              inputMode="numeric"
              value={sampleText}
              error={sampleError}
              onChange={(event) => setSampleText(event.target.value)}
            />
          ) : null}
          <TextField
            label="At once"
            hint="Requests in flight; the service allows 4."
            inputMode="numeric"
            value={concurrencyText}
            error={concurrencyError}
            onChange={(event) => setConcurrencyText(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-fg">
          <Checkbox checked={retryFailures} onCheckedChange={setRetryFailures} />
          Also retry failures
        </label>
      </fieldset>
      <p className="text-sm text-fg" aria-live="polite">
        {formatCount(plan.selection.targets.length)} calls to ask
        {plan.selection.alreadyDone > 0
          ? ` (${formatCount(plan.selection.alreadyDone)} already judged by this version)`
          : ""}
        {plan.missing > 0 ? `, ${formatCount(plan.missing)} of them lack a field the prompt uses` : ""}
        {plan.selection.unreadable > 0
          ? `; ${formatCount(plan.selection.unreadable)} calls could not be read`
          : ""}.{" "}
        {plan.selection.targets.length > 0 ? costWords(plan.cost) + "." : ""}
      </p>
      <Button variant="primary" disabled={!canStart} onClick={() => begin(choice)}>
        Start
      </Button>
      {run ? (
        <RunProgress
          run={run}
          onCancel={() => cancelRun(judge.ref)}
          onResume={() => lastRun && begin(lastRun.choice)}
          resumeDisabled={!sourceFresh || lastRun === null}
        />
      ) : null}
    </div>
  );
}
