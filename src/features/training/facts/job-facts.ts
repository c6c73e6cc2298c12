import { countOf, formatCount, formatDuration } from "@/lib/number-format";
import type { JobSummary } from "../events/job-summary";
import type { JobOrigin, RegistryJob, RegistryModel } from "../registry/registry-schema";

/**
 * A job's facts, from what this browser kept when it made the job (the registry) and what the
 * events say (steps, counts, tokens). The service's job is `{id}` and its events carry no times,
 * so for a job opened by id most request facts are not known, and the panel says so.
 */

/**
 * Sums of a job's per-step counts, read from its gradient steps (NaN steps skipped), and the
 * learning rates the steps report (absent: none reported).
 */
export type EventTotals = {
  steps: number;
  trajectories: number | null;
  examples: number | null;
  tokens: number | null;
  learningRates?: ReportedValues;
};

export type FactKey =
  | "model"
  | "base_model"
  | "kind"
  | "learning_rate"
  | "batch_size"
  | "experimental_config"
  | "training_data"
  | "data_size"
  | "tokens"
  | "created"
  | "started"
  | "finished"
  | "duration";

/** One row of the facts panel (and of the comparison table): `value` null when not known, with why. */
export type Fact = { key: FactKey; label: string; value: string | null; unknown?: string };

export const OPENED_BY_ID = "not known: this job was opened by ID";
const IMPORTED = "not known: this job was imported (or is the demo's) without it";
const CREATED_BEFORE = "not known: this job was created before the dashboard kept it";
const NO_TIMES = "not known: the service's events carry no times, and no page here saw it";

export type FactInputs = {
  job: RegistryJob | undefined;
  model: RegistryModel | undefined;
  summary: Pick<JobSummary, "state" | "kind">;
  totals: EventTotals;
  /** When the service last answered (epoch ms), for the duration of a running job so far; null: not said. */
  now: number | null;
};

/** The totals of a job's steps as its event store holds them. */
export function eventTotals(store: { stepCount: number; column(name: string): ArrayLike<number> }): EventTotals {
  return {
    steps: store.stepCount,
    trajectories: columnTotal(store.column("num_trajectories")),
    examples: columnTotal(store.column("num_examples")),
    tokens: columnTotal(store.column("num_tokens")),
    learningRates: reportedValues(store.column("learning_rate")),
  };
}

/** Sum of a column's finite values, or null when it has none. */
export function columnTotal(column: ArrayLike<number>): number | null {
  let total = 0;
  let any = false;
  for (let i = 0; i < column.length; i += 1) {
    const value = column[i]!;
    if (Number.isFinite(value)) {
      total += value;
      any = true;
    }
  }
  return any ? total : null;
}

/** The most learning rates a fact lists: a schedule of more reads as its first and last. */
const MAX_RATES = 4;

/** What the steps report of a value: its first distinct values in step order, its last, and whether there were more. */
export type ReportedValues = { distinct: readonly number[]; last: number; more: boolean };

/** A column's first few distinct finite values (one pass, stopping its search at `MAX_RATES`), and its last. */
export function reportedValues(column: ArrayLike<number>): ReportedValues | undefined {
  const distinct: number[] = [];
  let last: number | undefined;
  let more = false;
  for (let i = 0; i < column.length; i += 1) {
    const value = column[i]!;
    if (!Number.isFinite(value)) continue;
    last = value;
    if (more || distinct.includes(value)) continue;
    if (distinct.length < MAX_RATES) distinct.push(value);
    else more = true;
  }
  return last === undefined ? undefined : { distinct, last, more };
}

export function jobFacts({ job, model, summary, totals, now }: FactInputs): Fact[] {
  // A job created here knows its request; one opened or imported without it does not (the seeded
  // demo's jobs have a creation time from the service, but not their request).
  const madeHere = job?.request !== undefined;
  const notKept = job?.source === "imported" ? IMPORTED : job?.source === "created" ? CREATED_BEFORE : OPENED_BY_ID;
  const requestUnknown = madeHere ? "not set (the service's default)" : notKept;
  const request = job?.request;
  const kind = job?.kind ?? summary.kind;
  const started = parseTime(job?.seen_started_at);
  const finished = parseTime(job?.seen_finished_at);
  const ended = summary.state === "succeeded" || summary.state === "failed";

  return [
    {
      key: "model",
      label: "Model",
      value: model?.name
        ? `${model.entity ? `${model.entity}/` : ""}${model.project ? `${model.project}/` : ""}${model.name}`
        : (job?.model_id ?? null),
      unknown: "not known: say which model on this page",
    },
    {
      key: "base_model",
      label: "Base model",
      value: model?.base_model ?? null,
      unknown: job?.model_id ? "not known: the model was added by ID" : "not known: the model is not known",
    },
    {
      key: "kind",
      label: "Kind",
      value: kind === "rl" ? "RL (trajectory groups)" : kind === "sft" ? "SFT (supervised)" : null,
      unknown: "not known yet",
    },
    {
      key: "learning_rate",
      label: "Learning rate",
      value: learningRate(request?.learning_rate, totals.learningRates, madeHere),
      unknown: requestUnknown,
    },
    {
      key: "batch_size",
      label: "Batch size",
      value: request?.batch_size === undefined ? null : String(request.batch_size),
      unknown: kind === "rl" && madeHere ? "one trajectory group per step (RL)" : requestUnknown,
    },
    {
      key: "experimental_config",
      label: "Experimental config",
      value: request?.experimental_config ? JSON.stringify(request.experimental_config) : null,
      unknown: madeHere ? "none" : notKept,
    },
    {
      key: "training_data",
      label: "Data from",
      value: describeSource(job?.origin, request?.training_data_url),
      unknown: madeHere ? "not recorded" : notKept,
    },
    { key: "data_size", label: "Data size", value: dataSize(job, kind, totals, ended), unknown: "no steps yet" },
    { key: "tokens", label: "Tokens", value: tokens(job, totals, ended), unknown: "not known" },
    { key: "created", label: "Created", value: job?.created_at ? formatWhen(job.created_at) : null, unknown: notKept },
    {
      key: "started",
      label: "Started",
      value: started === null ? null : `${formatWhen(job!.seen_started_at!)} (seen here)`,
      unknown: NO_TIMES,
    },
    {
      key: "finished",
      label: "Finished",
      value: finished === null ? null : `${formatWhen(job!.seen_finished_at!)} (seen here)`,
      unknown: ended ? NO_TIMES : "not finished",
    },
    {
      key: "duration",
      label: "Duration",
      value: duration(started, finished, ended, now),
      unknown: started === null ? "not known: its start was not seen here" : "not known: its end was not seen here",
    },
  ];
}

/**
 * The learning rate as sent; else the one the steps report, saying it comes from the events (and,
 * when the request is known not to have set it, that it is the service's default).
 */
function learningRate(
  sent: number | number[] | undefined,
  reported: ReportedValues | undefined,
  requestKnown: boolean,
): string | null {
  if (sent !== undefined) return Array.isArray(sent) ? sent.join(", ") : String(sent);
  if (!reported) return null;
  const values = reported.more
    ? `${reported.distinct[0]} … ${reported.last} (a schedule)`
    : reported.distinct.join(", ");
  return `${values} (from the events${requestKnown ? ": the service's default" : ""})`;
}

function parseTime(text: string | undefined): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

// Made on first use: this module loads with every page's shared code (see lib/number-format.ts).
let whenFormat: Intl.DateTimeFormat | undefined;
function formatWhen(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms)
    ? iso
    : (whenFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" })).format(ms);
}

function describeSource(source: JobOrigin | undefined, url: string | undefined): string | null {
  if (source?.kind === "file") return `file ${source.fileName}`;
  if (source?.kind === "queue") return `queue ${source.queueName} (reward: ${source.rewardSpec.label})`;
  return url ?? null;
}

/**
 * Groups and trajectories: as sent when the job was made here, else counted from the steps (an RL
 * step is one group; each step says how many trajectories or examples it trained on). Counts from
 * a job still running are "so far".
 */
function dataSize(
  job: RegistryJob | undefined,
  kind: "rl" | "sft" | null | undefined,
  totals: EventTotals,
  ended: boolean,
): string | null {
  const sent = job?.data_size;
  if (sent?.groups !== undefined) {
    return [
      countOf(sent.groups, "group"),
      sent.trajectories !== undefined ? countOf(sent.trajectories, "trajectory", "trajectories") : null,
    ]
      .filter(Boolean)
      .join(", ");
  }
  if (totals.steps === 0) return null;
  const soFar = ended ? "" : " so far";
  if (kind === "sft" || (totals.examples !== null && totals.trajectories === null)) {
    return `${totals.examples !== null ? countOf(totals.examples, "example") : countOf(totals.steps, "step")}${soFar}`;
  }
  const parts = [
    countOf(totals.steps, "group"),
    totals.trajectories !== null ? countOf(totals.trajectories, "trajectory", "trajectories") : null,
  ];
  return `${parts.filter(Boolean).join(", ")}${soFar} (from its steps)`;
}

function tokens(job: RegistryJob | undefined, totals: EventTotals, ended: boolean): string | null {
  if (totals.tokens !== null) return `${formatCount(totals.tokens)} trained${ended ? "" : " so far"}`;
  const sent = job?.data_size?.tokens;
  return sent === undefined ? null : `about ${formatCount(sent)} sent (4 characters a token)`;
}

function duration(started: number | null, finished: number | null, ended: boolean, now: number | null): string | null {
  if (started === null) return null;
  if (finished !== null) return formatDuration(Math.max(0, finished - started));
  return ended || now === null ? null : `${formatDuration(Math.max(0, now - started))} so far`;
}
