import type { TrainingEvent } from "@contract/training";

// The service has no job status (docs/contract-decisions.md#training-events): a job's state is read from its events.

export type JobState = "queued" | "running" | "succeeded" | "failed";
export type JobKind = "rl" | "sft";

export type JobSummary = {
  state: JobState;
  /** From the events when the registry does not know it: RL steps carry `reward`, SFT steps `num_examples`. */
  kind: JobKind | null;
  /** Expected gradient steps (`training_started.data.num_sequences`). */
  numSequences: number | null;
  /** Gradient steps seen so far. */
  stepsDone: number;
  /** `step` of the first gradient step: the model's step this job started at (a model's steps go on across its jobs). */
  firstStep: number | null;
  /** `step` of the latest gradient step (steps continue a model's numbering across jobs). */
  lastStep: number | null;
  /** Numeric fields of the latest gradient step, `step` excluded. */
  latestMetrics: Record<string, number>;
  errorMessage: string | null;
  /** Metrics the service says are synthetic (`training_started.data.simulated_metrics`). */
  simulatedMetrics: string[];
  eventCount: number;
  lastEventId: string | null;
};

export const EMPTY_SUMMARY: JobSummary = Object.freeze({
  state: "queued",
  kind: null,
  numSequences: null,
  stepsDone: 0,
  firstStep: null,
  lastStep: null,
  latestMetrics: {},
  errorMessage: null,
  simulatedMetrics: [],
  eventCount: 0,
  lastEventId: null,
}) as JobSummary;

export const isFinished = (state: JobState): boolean => state === "succeeded" || state === "failed";

export const NO_FAILURE_MESSAGE = "Training failed; the service gave no message.";

/** The finite numbers of a gradient step's data, `step` excluded. */
export function numericMetrics(data: Record<string, unknown>): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name !== "step" && typeof value === "number" && Number.isFinite(value)) metrics[name] = value;
  }
  return metrics;
}

function kindOf(metrics: Record<string, number>): JobKind | null {
  if ("reward" in metrics) return "rl";
  if ("num_examples" in metrics) return "sft";
  return null;
}

/**
 * Folds one event into `draft`, in place: a job page folds 100,000 events, and a fresh object per
 * event would only feed the garbage collector. Use `summarizeEvents` for an immutable result.
 * A finished state is final: nothing after training_ended or training_failed reopens a job.
 */
export function applyEventInPlace(draft: JobSummary, event: TrainingEvent, metrics?: Record<string, number>): void {
  draft.eventCount += 1;
  draft.lastEventId = event.id;
  const finished = isFinished(draft.state);
  switch (event.type) {
    case "training_started": {
      const expected = event.data.num_sequences;
      if (typeof expected === "number" && Number.isFinite(expected)) draft.numSequences = expected;
      const simulated = event.data.simulated_metrics;
      if (Array.isArray(simulated))
        draft.simulatedMetrics = simulated.filter((m): m is string => typeof m === "string");
      if (!finished) draft.state = "running";
      break;
    }
    case "gradient_step": {
      const values = metrics ?? numericMetrics(event.data);
      draft.stepsDone += 1;
      const step = event.data.step;
      draft.lastStep = typeof step === "number" && Number.isFinite(step) ? step : draft.stepsDone;
      draft.firstStep ??= draft.lastStep;
      draft.latestMetrics = values;
      draft.kind ??= kindOf(values);
      if (!finished) draft.state = "running";
      break;
    }
    case "training_ended":
      if (!finished) draft.state = "succeeded";
      break;
    case "training_failed": {
      if (finished) break;
      const message = event.data.error_message;
      draft.state = "failed";
      draft.errorMessage = typeof message === "string" && message.trim() !== "" ? message : NO_FAILURE_MESSAGE;
      break;
    }
    default:
      // Other event types may appear; they are logged and otherwise ignored.
      break;
  }
}

export function copySummary(summary: JobSummary): JobSummary {
  return { ...summary, latestMetrics: { ...summary.latestMetrics }, simulatedMetrics: [...summary.simulatedMetrics] };
}

/** The summary after `events`, starting from `from` (nothing seen yet by default). */
export function summarizeEvents(events: readonly TrainingEvent[], from: JobSummary = EMPTY_SUMMARY): JobSummary {
  const draft = copySummary(from);
  for (const event of events) applyEventInPlace(draft, event);
  return draft;
}

/** Steps done as a fraction of the expected steps, or null before training_started says how many. */
export function progressOf(summary: Pick<JobSummary, "state" | "stepsDone" | "numSequences">): number | null {
  if (summary.state === "succeeded") return 1;
  if (!summary.numSequences || summary.numSequences <= 0) return null;
  return Math.min(1, summary.stepsDone / summary.numSequences);
}
