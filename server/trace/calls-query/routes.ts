import type { Hono } from "hono";
import { CallReadRequest } from "../../../contract/trace";
import { CallsQueryRequest, CallsQueryStatsRequest } from "../../../contract/trace-calls";
import { authorizeProject } from "../../auth/middleware";
import type { AppEnv } from "../../http/env";
import { validateJson } from "../../http/validate";
import { findCall } from "../calls";
import { toApiCall } from "../rows";
import { countCalls, planCallsQuery } from "./query";
import { streamCalls } from "./stream";

/** Reading calls: one by id, a query's page, a query's count (README, "Calls query"). */
export function registerCallReadRoutes(service: Hono<AppEnv>): void {
  service.post("/call/read", async (c) => {
    const body = await validateJson(c, CallReadRequest);
    authorizeProject(c, body.project_id);
    // An unknown id is 200 {call: null}, as upstream.
    const row = findCall(c.get("db"), body.project_id, body.id);
    return c.json({ call: row ? toApiCall(row) : null });
  });

  // NDJSON, one call per line, streamed in steps as it is read (stream.ts).
  service.post("/calls/stream_query", async (c) => {
    const body = await validateJson(c, CallsQueryRequest);
    authorizeProject(c, body.project_id);
    const stream = streamCalls(c.get("db"), planCallsQuery(c.get("db"), body), {
      projectId: body.project_id,
      includeFeedback: body.include_feedback === true,
    });
    return c.body(stream, 200, { "Content-Type": "application/jsonl" });
  });

  service.post("/calls/query_stats", async (c) => {
    const body = await validateJson(c, CallsQueryStatsRequest);
    authorizeProject(c, body.project_id);
    return c.json({ count: await countCalls(c.get("db"), body) });
  });
}
