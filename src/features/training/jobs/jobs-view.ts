import type { SortKey } from "@/lib/url-state/sort-param";
import { progressOf, type JobState, type JobSummary } from "../events/job-summary";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import type { JobSortField, JobsView } from "./jobs-url-state";
import { compareText } from "@/lib/compare-text";

/**
 * The jobs list's rows, searched, filtered and sorted in the browser: the service cannot list
 * jobs, so the whole list is this browser's registry and each job's summary read from its events.
 */

export type JobListEntry = {
  job: RegistryJob;
  model: RegistryModel | undefined;
  /** Null until the job's events (or their cached summary) are read: it matches no state filter and sorts last by state and progress. */
  summary: JobSummary | null;
};

/** The n-th job on one model (by when each joined the list), when the list holds more than one. */
export type Repeat = { index: number; of: number };

/** Active jobs first, then the failed (they need a look), then the finished. */
const STATE_RANK: Record<JobState, number> = { running: 0, queued: 1, failed: 2, succeeded: 3 };

/**
 * When the job was made: the service's time where known, else when it joined this list (the
 * moment it was made, for a job created here). The service itself keeps no time a client can read.
 */
export const jobCreatedTime = (job: RegistryJob): string => job.created_at ?? job.added_at;

const createdAt = (job: RegistryJob): number => {
  const at = Date.parse(jobCreatedTime(job));
  return Number.isFinite(at) ? at : 0;
};

/**
 * Jobs of one model numbered in the order they were created (or added): "#2 on this model" tells
 * apart jobs that otherwise read the same. `jobs` is the registry's order, newest first, which
 * breaks ties between equal times (the seeded demo joins in one go).
 */
export function repeatsOnModel(jobs: readonly RegistryJob[]): Map<string, Repeat> {
  const byModel = new Map<string, { job: RegistryJob; position: number }[]>();
  jobs.forEach((job, position) => {
    if (!job.model_id) return;
    const list = byModel.get(job.model_id) ?? [];
    list.push({ job, position });
    byModel.set(job.model_id, list);
  });
  const repeats = new Map<string, Repeat>();
  for (const list of byModel.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => createdAt(a.job) - createdAt(b.job) || b.position - a.position);
    list.forEach(({ job }, index) => repeats.set(job.id, { index: index + 1, of: list.length }));
  }
  return repeats;
}

const modelLabel = (entry: JobListEntry): string => entry.model?.name ?? entry.job.model_id ?? "";

/** Case-insensitive search in the job's id, its model's name, id and full name, and its base model. */
export function matchesJobSearch(entry: JobListEntry, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const { job, model } = entry;
  const haystack = [
    job.id,
    job.model_id,
    model?.name,
    model?.base_model,
    model?.entity && model.project ? `${model.entity}/${model.project}` : undefined,
  ];
  return haystack.some((text) => text?.toLowerCase().includes(needle));
}

export function filterJobs(
  entries: readonly JobListEntry[],
  view: Pick<JobsView, "q" | "state" | "model">,
): JobListEntry[] {
  return entries.filter(
    (entry) =>
      matchesJobSearch(entry, view.q) &&
      (!view.state || entry.summary?.state === view.state) &&
      (!view.model || entry.job.model_id === view.model),
  );
}

/** A column's sort value; null sorts last in either direction (nothing known is not "smallest"). */
function sortValue(entry: JobListEntry, field: JobSortField): number | string | null {
  switch (field) {
    case "created":
      return createdAt(entry.job);
    case "state":
      return entry.summary ? STATE_RANK[entry.summary.state] : null;
    case "model":
      return modelLabel(entry) || null;
    case "progress":
      return entry.summary ? progressOf(entry.summary) : null;
  }
}

/** Sorted by one column; ties keep the newest first, then the registry's order (stable). */
export function sortJobs(entries: readonly JobListEntry[], sort: SortKey<JobSortField>): JobListEntry[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  const keyed = entries.map((entry, position) => ({
    entry,
    position,
    value: sortValue(entry, sort.field),
    created: createdAt(entry.job),
  }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else {
      const order =
        typeof a.value === "string" && typeof b.value === "string"
          ? compareText(a.value, b.value)
          : Number(a.value) - Number(b.value);
      if (order !== 0) return sign * order;
    }
    return b.created - a.created || a.position - b.position;
  });
  return keyed.map((k) => k.entry);
}

/** The models the list's jobs train, by name, for the model filter. */
export function modelsOfJobs(entries: readonly JobListEntry[]): { id: string; label: string }[] {
  const models = new Map<string, string>();
  for (const entry of entries) if (entry.job.model_id) models.set(entry.job.model_id, modelLabel(entry));
  return [...models].map(([id, label]) => ({ id, label })).sort((a, b) => compareText(a.label, b.label));
}
