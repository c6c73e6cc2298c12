import {
  CallIdLine,
  CallsQueryStatsResponse,
  type CallsQueryRequest,
  type CallsQueryStatsRequest,
} from "@contract/trace-calls";
import { Call } from "@contract/trace";
import { ObjQueryResponse, type TraceObject } from "@contract/trace-objects";
import { LIMITS } from "@contract/limits";
import type { CallOptions, HttpClient } from "./http";

// Where its callers and tests have found the query language: its own module now (boot.ts builds the Calls page's
// first request with it, before the contract's schemas have arrived).
export { containsTextExpr, queryOf, startedRangeExprs } from "./calls-query-language";

/**
 * A project's calls and ops on the trace server: `POST /calls/stream_query` (NDJSON, one call per
 * line, each checked against the same `Call` schema as `/call/read`), `POST /calls/query_stats`
 * (`{count}`), and the op objects of `POST /objs/query` with `filter.is_op`. Wire shapes: upstream's
 * CallsQueryReq / CallsQueryStatsReq (contract/trace-calls.ts).
 */
export function traceCallsMethods(http: HttpClient) {
  return {
    /** One page of calls, filtered and sorted by the service. */
    queryCalls(req: CallsQueryRequest, options?: CallOptions): Promise<Call[]> {
      return http.ndjson({ method: "POST", path: "/calls/stream_query", body: req, options }, Call);
    },

    /** Only the ids of the calls a request matches (`columns: ["id"]`), for adding "all N" to a queue. */
    async queryCallIds(req: Omit<CallsQueryRequest, "columns">, options?: CallOptions): Promise<string[]> {
      const lines = await http.ndjson(
        { method: "POST", path: "/calls/stream_query", body: { ...req, columns: ["id"] }, options },
        CallIdLine,
      );
      return lines.map((line) => line.id);
    },

    /** How many calls match a filter and query. */
    async countCalls(req: CallsQueryStatsRequest, options?: CallOptions): Promise<number> {
      const res = await http.json(
        { method: "POST", path: "/calls/query_stats", body: req, options },
        CallsQueryStatsResponse,
      );
      return res.count;
    },

    /** Every version of every op of the project (objects with `is_op`), without their values. */
    async queryOps(projectId: string, options?: CallOptions): Promise<TraceObject[]> {
      const body = {
        project_id: projectId,
        filter: { is_op: true },
        metadata_only: true,
        limit: LIMITS.objectPage,
        sort_by: [{ field: "object_id", direction: "asc" }],
      };
      const res = await http.json({ method: "POST", path: "/objs/query", body, options }, ObjQueryResponse);
      return res.objs;
    },
  };
}
