import { readChoice, readText, writeParam } from "@/lib/url-state/params";
import { formatSortParam, parseSortParam, type SortKey } from "@/lib/url-state/sort-param";
import type { UrlViewCodec } from "@/lib/url-state/use-url-table";
import type { JobState } from "../events/job-summary";

export const JOB_SORT_FIELDS = ["created", "state", "model", "progress"] as const;
export type JobSortField = (typeof JOB_SORT_FIELDS)[number];
export const JOB_STATES = ["queued", "running", "succeeded", "failed"] as const satisfies readonly JobState[];

/** Newest first, as the list always was. */
export const DEFAULT_JOB_SORT: SortKey<JobSortField> = { field: "created", direction: "desc" };

export type JobsView = {
  /** Text searched in the job's id, its model's name and id, and its base model. */
  q: string;
  state: JobState | null;
  /** A model id; "" for every model. */
  model: string;
  sort: SortKey<JobSortField>;
};

/**
 * The jobs list's search, filters and sort in the URL (`?q=&state=&model=&sort=created.desc`), so a
 * shared link or a reload shows the same list. Parameters named here only: the list's other
 * owners (a comparison's selection) keep theirs.
 */
export const JOBS_URL_CODEC: UrlViewCodec<JobsView> = {
  params: ["q", "state", "model", "sort"],
  read: (params, issues) => ({
    q: readText(params, "q"),
    state: readChoice(params, "state", JOB_STATES, null, issues, "a job state"),
    model: readText(params, "model"),
    // One key: the list sorts by one column at a time.
    sort: parseSortParam(params.get("sort"), JOB_SORT_FIELDS, { issues }).at(0) ?? DEFAULT_JOB_SORT,
  }),
  write: (view, params) => {
    writeParam(params, "q", view.q.trim());
    writeParam(params, "state", view.state ?? "");
    writeParam(params, "model", view.model);
    writeParam(params, "sort", formatSortParam([view.sort]), formatSortParam([DEFAULT_JOB_SORT]));
  },
};

/** A header's click: the same column flips its direction; another starts in its natural one. */
export function nextJobSort(current: SortKey<JobSortField>, field: JobSortField): SortKey<JobSortField> {
  if (current.field === field) return { field, direction: current.direction === "asc" ? "desc" : "asc" };
  // Newest and furthest along first; names and states read from the top of their order.
  return { field, direction: field === "created" || field === "progress" ? "desc" : "asc" };
}
