import type { Fact } from "../facts/job-facts";
import { orderMetrics } from "../metrics";

/** One job's metrics as its event store holds them: a step column and one column per metric. */
export type JobMetrics = {
  jobId: string;
  steps: ArrayLike<number>;
  metricNames: readonly string[];
  column: (name: string) => ArrayLike<number>;
  facts?: readonly Fact[];
};

export const METRICS_FILE_FORMAT = "wbops.training-metrics";

/** Every metric name of the jobs, reward and loss first (as the charts order them). */
export function metricUnion(jobs: readonly Pick<JobMetrics, "metricNames">[]): string[] {
  const names = new Set<string>();
  for (const job of jobs) for (const name of job.metricNames) names.add(name);
  return orderMetrics([...names]);
}

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180); text a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  `${cells.map(csvCell).join(",")}\r\n`;

const finiteOrNull = (value: number | undefined): number | null =>
  value === undefined || !Number.isFinite(value) ? null : value;

/**
 * CSV of every gradient step of every job, one row per job and step ("long" form: jobs of
 * different lengths and metrics fit one table). `model_step` is the step as the service numbers
 * it (a model's steps go on across its jobs); `job_step` counts the job's own steps from 1.
 * An empty cell is a step without that metric.
 */
export function metricsCsv(jobs: readonly JobMetrics[]): string {
  const metrics = metricUnion(jobs);
  const lines = [csvLine(["job_id", "job_step", "model_step", ...metrics])];
  for (const job of jobs) {
    const columns = metrics.map((name) => (job.metricNames.includes(name) ? job.column(name) : null));
    for (let row = 0; row < job.steps.length; row += 1) {
      lines.push(
        csvLine([
          job.jobId,
          row + 1,
          job.steps[row],
          ...columns.map((column) => (column ? finiteOrNull(column[row]) : null)),
        ]),
      );
    }
  }
  return lines.join("");
}

/**
 * JSON of the same data, by columns (compact for long jobs): per job its facts as shown, the
 * model steps and each metric's values (null where a step lacks it).
 */
export function metricsJson(jobs: readonly JobMetrics[], exportedAt = new Date()): string {
  return JSON.stringify({
    format: METRICS_FILE_FORMAT,
    version: 1,
    exported_at: exportedAt.toISOString(),
    jobs: jobs.map((job) => ({
      job_id: job.jobId,
      ...(job.facts ? { facts: Object.fromEntries(job.facts.map((fact) => [fact.key, fact.value])) } : {}),
      model_steps: Array.from(job.steps, (step) => step),
      metrics: Object.fromEntries(
        orderMetrics(job.metricNames).map((name) => [
          name,
          Array.from(job.column(name), (value) => finiteOrNull(value)),
        ]),
      ),
    })),
  });
}

/** "training-metrics-job_abc.csv", "training-metrics-3-jobs.json": safe file names whatever the ids hold. */
export function metricsFileName(jobIds: readonly string[], format: "csv" | "json"): string {
  const what =
    jobIds.length === 1 ? jobIds[0]!.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) : `${jobIds.length}-jobs`;
  return `training-metrics-${what}.${format}`;
}
