import { Call } from "@contract/trace";
import { CallsQueryStatsResponse, type CallsQueryRequest, type CallsQueryStatsRequest } from "@contract/trace-calls";
import { basicAuth, keyFingerprint } from "./auth";
import type { ClientScope, ServiceClientConfig } from "./client-config";
import { createHttpClient, type CallOptions } from "./http";

export type TraceCallsClient = ReturnType<typeof createTraceCallsClient>;

/**
 * Querying a project's calls (W&B Weave trace server: `/calls/stream_query`, `/calls/query_stats`).
 * Semantics and bounds: server/trace/README.md, "Calls query". Kept apart from trace.ts so the
 * Calls page can adopt it without touching the queue client; `scope` keys its cached answers.
 */
export function createTraceCallsClient(config: ServiceClientConfig) {
  const http = createHttpClient({ ...config, service: "trace", authHeaders: basicAuth });
  const scope: ClientScope = { service: "trace", baseUrl: http.baseUrl, keyFingerprint: keyFingerprint(config.apiKey) };

  return {
    scope,

    /** One page of calls: NDJSON, each line checked against the contract's Call as it arrives. */
    queryCalls(req: CallsQueryRequest, options?: CallOptions): Promise<Call[]> {
      return http.ndjson({ method: "POST", path: "/calls/stream_query", body: req, options }, Call);
    },

    /** How many calls match the filter and query (at most `limit` when given). */
    async countCalls(req: CallsQueryStatsRequest, options?: CallOptions): Promise<number> {
      const res = await http.json({ method: "POST", path: "/calls/query_stats", body: req, options }, CallsQueryStatsResponse);
      return res.count;
    },
  };
}
