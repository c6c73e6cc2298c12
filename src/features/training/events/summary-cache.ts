import { readItem, writeItem, type StorageArea } from "@/lib/browser-storage";
import type { JobSummary } from "./job-summary";

/**
 * The last summary of each job, with the cursor it was read up to, per service address. The jobs
 * list starts from here, so a finished job costs no request at all and a running one asks only
 * for events after the cursor. A cache: losing it costs one full read of the events.
 */
export type CachedSummary = {
  summary: JobSummary;
  cursor: string | null;
  /** Ids at the cursor, to recognise a re-delivered event after a reload. */
  recentIds: string[];
  savedAt: number;
};

export const SUMMARY_CACHE_PREFIX = "wbops.training.job-summaries.v1:";
const MAX_ENTRIES = 500;

type CacheFile = Record<string, CachedSummary>;

function readAll(area: StorageArea | undefined, serviceUrl: string): CacheFile {
  const raw = readItem(area, SUMMARY_CACHE_PREFIX + serviceUrl);
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as CacheFile) : {};
  } catch {
    return {};
  }
}

function isCachedSummary(value: unknown): value is CachedSummary {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<CachedSummary>;
  return (
    typeof entry.summary === "object" &&
    entry.summary !== null &&
    typeof entry.summary.state === "string" &&
    typeof entry.summary.stepsDone === "number" &&
    typeof entry.summary.latestMetrics === "object" &&
    Array.isArray(entry.summary.simulatedMetrics) &&
    Array.isArray(entry.recentIds) &&
    (entry.cursor === null || typeof entry.cursor === "string")
  );
}

export function readCachedSummary(
  area: StorageArea | undefined,
  serviceUrl: string,
  jobId: string,
): CachedSummary | null {
  const entry = readAll(area, serviceUrl)[jobId];
  if (!isCachedSummary(entry)) return null;
  // Summaries cached before `firstStep` existed lack it: unknown until the job's events are read again.
  return { ...entry, summary: { ...entry.summary, firstStep: entry.summary.firstStep ?? null } };
}

export function writeCachedSummary(
  area: StorageArea | undefined,
  serviceUrl: string,
  jobId: string,
  entry: Omit<CachedSummary, "savedAt">,
): void {
  const all = readAll(area, serviceUrl);
  all[jobId] = { ...entry, savedAt: Date.now() };
  const ids = Object.keys(all);
  if (ids.length > MAX_ENTRIES) {
    ids.sort((a, b) => (all[a]?.savedAt ?? 0) - (all[b]?.savedAt ?? 0));
    for (const old of ids.slice(0, ids.length - MAX_ENTRIES)) delete all[old];
  }
  writeItem(area, SUMMARY_CACHE_PREFIX + serviceUrl, JSON.stringify(all));
}

export function forgetCachedSummary(area: StorageArea | undefined, serviceUrl: string, jobId: string): void {
  const all = readAll(area, serviceUrl);
  if (!(jobId in all)) return;
  delete all[jobId];
  writeItem(area, SUMMARY_CACHE_PREFIX + serviceUrl, JSON.stringify(all));
}
