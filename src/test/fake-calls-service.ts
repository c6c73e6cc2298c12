import * as z from "zod/mini";
import { CallsQueryRequest, CallsQueryStatsRequest, type CallsFilter } from "@contract/trace-calls";
import type { Call } from "@contract/trace";

/**
 * A small in-test stand-in for the trace server's calls listing (`/calls/stream_query`,
 * `/calls/query_stats`) and its op objects (`/objs/query` with `filter.is_op`), until the local
 * service has them. It validates each request against the contract's strict schemas (a 422 names
 * the field, as the real service does), then filters, sorts and pages a list of calls the way
 * upstream documents it. Every other request goes to `inner` (the real local services).
 */
export type FakeOp = { name: string; digest: string; versionIndex: number };

export function withFakeCallsService(inner: typeof fetch, data: { projectId: string; calls: readonly Call[]; ops: readonly FakeOp[] }): typeof fetch & { seen: { path: string; body: unknown }[] } {
  const seen: { path: string; body: unknown }[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const endpoint = ["/calls/stream_query", "/calls/query_stats", "/objs/query"].find((e) => path.endsWith(e));
    if (!endpoint) return inner(input, init);
    const body: unknown = await request.clone().json();
    if (endpoint === "/objs/query" && !isOpQuery(body)) return inner(input, init);
    seen.push({ path: endpoint, body });
    if (!request.headers.get("authorization")) return Response.json({ reason: "no key" }, { status: 401 });
    if (endpoint === "/objs/query") return Response.json({ objs: data.ops.map((op) => opObject(data.projectId, op)) });
    const schema = endpoint === "/calls/query_stats" ? CallsQueryStatsRequest : CallsQueryRequest;
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) return Response.json({ detail: parsed.error.issues.map((i) => ({ loc: ["body", ...i.path], msg: i.message, type: i.code })) }, { status: 422 });
    const req = parsed.data as z.infer<typeof CallsQueryRequest>;
    let calls = data.calls.filter((c) => c.project_id === req.project_id && matchesFilter(c, req.filter) && (!req.query || evaluate(req.query.$expr, c) === true));
    if (endpoint === "/calls/query_stats") return Response.json({ count: calls.length });
    calls = sortCalls(calls, req.sort_by ?? [{ field: "started_at", direction: "asc" }]);
    calls = calls.slice(req.offset ?? 0, req.limit == null ? undefined : (req.offset ?? 0) + req.limit);
    const lines = calls.map((c) => JSON.stringify(req.columns?.length ? Object.fromEntries(req.columns.map((col) => [col, (c as Record<string, unknown>)[col]])) : c));
    return new Response(lines.map((l) => `${l}\n`).join(""), { headers: { "content-type": "application/jsonl" } });
  };
  return Object.assign(fake, { seen });
}

const isOpQuery = (body: unknown): boolean => typeof body === "object" && body !== null && (body as { filter?: { is_op?: unknown } }).filter?.is_op === true;

function opObject(projectId: string, op: FakeOp) {
  return { project_id: projectId, object_id: op.name, created_at: "2026-01-01T00:00:00Z", digest: op.digest, version_index: op.versionIndex, is_latest: 0, kind: "op", val: null };
}

function matchesFilter(call: Call, filter: CallsFilter | null | undefined): boolean {
  if (!filter) return true;
  if (filter.op_names && !filter.op_names.some((ref) => (ref.endsWith(":*") ? call.op_name.startsWith(ref.slice(0, -1)) : call.op_name === ref))) return false;
  if (filter.trace_ids && !filter.trace_ids.includes(call.trace_id)) return false;
  if (filter.call_ids && !filter.call_ids.includes(call.id)) return false;
  if (filter.trace_roots_only && call.parent_id) return false;
  return true;
}

/** The operators the dashboard sends: $and, $or, $gt/$lt on started_at (seconds), $contains on inputs/output. */
function evaluate(expr: unknown, call: Call): unknown {
  const e = expr as Record<string, unknown>;
  if ("$and" in e) return (e.$and as unknown[]).every((x) => evaluate(x, call) === true);
  if ("$or" in e) return (e.$or as unknown[]).some((x) => evaluate(x, call) === true);
  if ("$gt" in e || "$lt" in e) {
    const [a, b] = (e.$gt ?? e.$lt) as unknown[];
    const left = evaluate(a, call) as number;
    const right = evaluate(b, call) as number;
    return "$gt" in e ? left > right : left < right;
  }
  if ("$getField" in e) {
    const field = e.$getField as string;
    if (field === "started_at") return Date.parse(call.started_at) / 1000;
    return field === "inputs" ? JSON.stringify(call.inputs ?? {}) : JSON.stringify(call.output ?? null);
  }
  if ("$literal" in e) return e.$literal;
  if ("$contains" in e) {
    const c = e.$contains as { input: unknown; substr: unknown; case_insensitive?: boolean };
    const haystack = String(evaluate(c.input, call));
    const needle = String(evaluate(c.substr, call));
    return c.case_insensitive ? haystack.toLowerCase().includes(needle.toLowerCase()) : haystack.includes(needle);
  }
  throw new Error(`The fake calls service does not know ${JSON.stringify(Object.keys(e))}`);
}

const fieldText = (c: Call, field: string) => String((c as Record<string, unknown>)[field] ?? "");

function sortCalls(calls: Call[], sortBy: readonly { field: string; direction: "asc" | "desc" }[]): Call[] {
  return [...calls].sort((a, b) => {
    for (const key of sortBy) {
      const order = fieldText(a, key.field).localeCompare(fieldText(b, key.field));
      if (order !== 0) return key.direction === "asc" ? order : -order;
    }
    return 0;
  });
}
