import * as z from "zod/mini";
import { intAtLeast, ProjectId } from "./common";
import { bounded, boundedArray, LIMITS } from "./limits";
import { SortDirection } from "./trace";

// Listing a project's calls (W&B Weave trace server): `POST /calls/stream_query` answers NDJSON, one
// call per line (the shape `/call/read` returns, `Call` in trace.ts); `POST /calls/query_stats`
// answers `{count}`. Wire shape: upstream's CallsQueryReq / CallsQueryStatsReq (contract-decisions.md,
// "More of the trace server"). Request schemas are strict like every trace request here.

const id = bounded(LIMITS.idLength);
const ref = bounded(LIMITS.refLength);
const idList = boundedArray(id, LIMITS.callFilterIds);

export const CallsFilter = z.strictObject({
  /** Full op refs (`weave:///e/p/op/name:digest`); upstream also reads `name:*` as every version. */
  op_names: z.nullish(boundedArray(ref, LIMITS.callFilterIds)),
  input_refs: z.nullish(boundedArray(ref, LIMITS.callFilterIds)),
  output_refs: z.nullish(boundedArray(ref, LIMITS.callFilterIds)),
  parent_ids: z.nullish(idList),
  trace_ids: z.nullish(idList),
  call_ids: z.nullish(idList),
  thread_ids: z.nullish(idList),
  turn_ids: z.nullish(idList),
  trace_roots_only: z.nullish(z.boolean()),
  wb_user_ids: z.nullish(idList),
  wb_run_ids: z.nullish(idList),
});
export type CallsFilter = z.infer<typeof CallsFilter>;

/** Sort keys are field paths (`started_at`, `op_name`, `summary.weave.latency_ms` upstream). */
export const CallsSortBy = z.strictObject({ field: bounded(LIMITS.displayFieldLength), direction: SortDirection });
export type CallsSortBy = z.infer<typeof CallsSortBy>;

/**
 * The query language's expression (`{"$expr": {...}}`): checked for size by the service, passed
 * through as JSON here (its grammar is recursive; see contract-decisions.md, "Query language").
 */
export const CallsQueryExpr = z.object({ $expr: z.record(z.string(), z.unknown()) });
export type CallsQueryExpr = z.infer<typeof CallsQueryExpr>;

export const CallsQueryRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(CallsFilter),
  limit: z.nullish(intAtLeast(0)),
  offset: z.nullish(intAtLeast(0)),
  sort_by: z.nullish(boundedArray(CallsSortBy, LIMITS.sortKeys)),
  query: z.nullish(CallsQueryExpr),
  /** Only these fields of each call (`["id"]` to read ids); upstream fills required fields with defaults. */
  columns: z.nullish(boundedArray(bounded(LIMITS.displayFieldLength), LIMITS.displayFields)),
  include_feedback: z.nullish(z.boolean()),
});
export type CallsQueryRequest = z.input<typeof CallsQueryRequest>;

export const CallsQueryStatsRequest = z.strictObject({
  project_id: ProjectId,
  filter: z.nullish(CallsFilter),
  query: z.nullish(CallsQueryExpr),
  limit: z.nullish(intAtLeast(0)),
});
export type CallsQueryStatsRequest = z.input<typeof CallsQueryStatsRequest>;

export const CallsQueryStatsResponse = z.object({ count: z.int() });
export type CallsQueryStatsResponse = z.infer<typeof CallsQueryStatsResponse>;

/** A line of a `columns: ["id"]` answer: only the id is relied on. */
export const CallIdLine = z.object({ id: z.string() });
