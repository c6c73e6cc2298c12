import * as z from "zod/mini";
import { intAtLeast, ProjectId } from "./common";
import { bounded, boundedArray, LIMITS } from "./limits";
import { SortDirection } from "./trace";
import { Query } from "./trace-feedback";

// Querying a project's calls (W&B Weave trace server: `CallsQueryReq`, `CallsQueryStatsReq` in
// weave/trace_server/trace_server_interface.py). Semantics: server/trace/README.md, "Calls query".

const id = bounded(LIMITS.idLength);
const ref = bounded(LIMITS.refLength);
const ids = boundedArray(id, LIMITS.callsFilterList);
const refs = boundedArray(ref, LIMITS.callsFilterList);

/**
 * Upstream's `CallsFilter`. Lists match by membership (an empty list is no filter, as upstream's
 * `if filter.x:`); `op_names` entries are full op refs, `weave:///<entity>/<project>/op/<name>:*`
 * matching every version of the op.
 */
export const CallsFilter = z.strictObject({
  op_names: z.nullish(refs),
  input_refs: z.nullish(refs),
  output_refs: z.nullish(refs),
  parent_ids: z.nullish(ids),
  trace_ids: z.nullish(ids),
  call_ids: z.nullish(ids),
  thread_ids: z.nullish(ids),
  turn_ids: z.nullish(ids),
  trace_roots_only: z.nullish(z.boolean()),
  wb_user_ids: z.nullish(ids),
  wb_run_ids: z.nullish(ids),
});
export type CallsFilter = z.infer<typeof CallsFilter>;

/** `started_at`, `ended_at`, `op_name`, `display_name`, `id`, ... or a dotted path into inputs/output/summary/attributes. */
export const CallsSortBy = z.strictObject({ field: bounded(LIMITS.displayFieldLength), direction: SortDirection });
export type CallsSortBy = z.infer<typeof CallsSortBy>;

export const CALL_COLUMNS = [
  "id",
  "project_id",
  "op_name",
  "display_name",
  "trace_id",
  "parent_id",
  "started_at",
  "ended_at",
  "inputs",
  "output",
  "exception",
  "attributes",
  "summary",
  "wb_user_id",
  "thread_id",
  "turn_id",
  "wb_run_id",
  "wb_run_step",
] as const;
export type CallColumn = (typeof CALL_COLUMNS)[number];

/** Returned whatever `columns` asks for, as upstream (`REQUIRED_CALL_COLUMNS`). */
export const REQUIRED_CALL_COLUMNS = [
  "id",
  "project_id",
  "trace_id",
  "op_name",
  "started_at",
] as const satisfies readonly CallColumn[];

export const CallsQueryRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(CallsFilter),
  query: z.nullish(Query),
  sort_by: z.nullish(boundedArray(CallsSortBy, LIMITS.sortKeys)),
  /** At most LIMITS.callsPage; absent means that many. */
  limit: z.nullish(z.int().check(z.gte(0), z.lte(LIMITS.callsPage))),
  offset: z.nullish(intAtLeast(0)),
  /** Fields of each call to return (CALL_COLUMNS, or a dotted path whose head is one); all when absent. */
  columns: z.nullish(boundedArray(bounded(LIMITS.displayFieldLength), LIMITS.displayFields)),
  /** Adds the call's feedback rows as `summary.weave.feedback`. */
  include_feedback: z.nullish(z.boolean()),
  // Upstream's flags with nothing to add locally (no costs, storage sizes or expanded refs here).
  include_costs: z.nullish(z.boolean()),
  include_storage_size: z.nullish(z.boolean()),
  include_total_storage_size: z.nullish(z.boolean()),
  expand_columns: z.nullish(boundedArray(bounded(LIMITS.displayFieldLength), LIMITS.displayFields)),
  return_expanded_column_values: z.nullish(z.boolean()),
});
export type CallsQueryRequest = z.input<typeof CallsQueryRequest>;

export const CallsQueryStatsRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(CallsFilter),
  query: z.nullish(Query),
  /** Counts at most this many (upstream: a cheap "are there more than n" check). */
  limit: z.nullish(intAtLeast(0)),
  include_total_storage_size: z.nullish(z.boolean()),
  expand_columns: z.nullish(boundedArray(bounded(LIMITS.displayFieldLength), LIMITS.displayFields)),
});
export type CallsQueryStatsRequest = z.input<typeof CallsQueryStatsRequest>;

export const CallsQueryStatsResponse = z.object({ count: z.number() });
export type CallsQueryStatsResponse = z.infer<typeof CallsQueryStatsResponse>;

/** The `query` of a calls request as the dashboard builds it (`{"$expr": ...}`). */
export type CallsQueryExpr = NonNullable<z.input<typeof Query>>;

/** A line of a `columns: ["id"]` answer: only the id is relied on. */
export const CallIdLine = z.object({ id: z.string() });
