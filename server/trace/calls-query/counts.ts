import type { Database } from "better-sqlite3";
import { timestampMs } from "../../../contract/common";
import type { CallsQueryStatsRequest } from "../../../contract/trace-calls";
import { callsWhere, given, versionsOf } from "./filter";

const DAY = 86_400_000;
type Range = { from: number; to: number };

/** A literal time as the query compiler reads it (epoch seconds or ISO 8601), or null. */
function epochMs(literal: unknown): number | null {
  const value = (literal as { $literal?: unknown } | null)?.$literal;
  if (typeof value === "number" && Number.isFinite(value)) return Math.round(value * 1000);
  if (typeof value !== "string") return null;
  const ms = timestampMs(value);
  return Number.isNaN(ms) ? null : ms;
}

/** `[started_at, literal]` of a comparison, as a time in ms, or null. */
function startedAtBound(pair: unknown): number | null {
  if (!Array.isArray(pair) || pair.length !== 2) return null;
  const [fieldOperand, literal] = pair as [{ $getField?: unknown } | null, unknown];
  return fieldOperand?.$getField === "started_at" ? epochMs(literal) : null;
}

/** Narrows `range` by one conjunct, or returns false when it is not a bound on started_at. */
function narrow(range: Range, node: unknown): boolean {
  const record = (node ?? {}) as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== 1) return false;
  const [op] = keys as [string];
  if (op === "$gte" || op === "$gt") {
    const ms = startedAtBound(record[op]);
    if (ms === null) return false;
    range.from = Math.max(range.from, op === "$gt" ? ms + 1 : ms);
    return true;
  }
  const inner =
    Array.isArray(record.$not) && record.$not.length === 1 ? (record.$not[0] as Record<string, unknown> | null) : null;
  const innerOp = inner && Object.keys(inner).length === 1 ? Object.keys(inner)[0] : undefined;
  if (op !== "$not" || !inner || (innerOp !== "$gte" && innerOp !== "$gt")) return false;
  const ms = startedAtBound(inner[innerOp]);
  if (ms === null) return false;
  // started_at is whole milliseconds: not >= t is < t; not > t is < t + 1.
  range.to = Math.min(range.to, innerOp === "$gt" ? ms + 1 : ms);
  return true;
}

/** The started_at range a query is, when it is nothing else (the dashboard's time filter). */
function timeRange(query: CallsQueryStatsRequest["query"]): Range | null {
  const range: Range = { from: -Infinity, to: Infinity };
  if (!query) return range;
  const expr = query.$expr;
  const conjuncts = Object.keys(expr).length === 1 && Array.isArray(expr.$and) ? (expr.$and as unknown[]) : [expr];
  return conjuncts.every((conjunct) => narrow(range, conjunct)) ? range : null;
}

/**
 * query_stats from the per-day totals (`trace_call_counts`), when the request only filters by op
 * versions, root calls and a started_at range: whole days are summed from the totals, the part
 * days at the range's ends counted on the index. Null when the request filters on anything else.
 */
export function countFromTotals(db: Database, request: CallsQueryStatsRequest): number | null {
  const f = request.filter ?? {};
  if (
    [
      f.parent_ids,
      f.trace_ids,
      f.call_ids,
      f.wb_user_ids,
      f.input_refs,
      f.output_refs,
      f.thread_ids,
      f.turn_ids,
      f.wb_run_ids,
    ].some(given)
  )
    return null;
  const range = timeRange(request.query);
  if (!range) return null;
  if (range.from >= range.to) return 0;

  const where = ["project_id = ?"];
  const params: unknown[] = [request.project_id];
  if (given(f.op_names)) {
    const names = new Set<string>();
    for (const name of f.op_names) {
      const versions = name.endsWith(":*") ? versionsOf(db, request.project_id, name.slice(0, -1)) : [name];
      if (versions === null) return null;
      for (const version of versions) names.add(version);
    }
    if (names.size === 0) return 0;
    where.push(`op_name IN (${[...names].map(() => "?").join(", ")})`);
    params.push(...names);
  }
  if (f.trace_roots_only) where.push("is_root = 1");

  // Whole days inside the range: [firstDay, endDay).
  const firstDay = range.from === -Infinity ? -Infinity : Math.ceil(range.from / DAY);
  const endDay = range.to === Infinity ? Infinity : Math.floor(range.to / DAY);
  if (firstDay >= endDay) return null; // under a day or two: the index count is cheap
  const dayBounds = [...(firstDay === -Infinity ? [] : ["day >= ?"]), ...(endDay === Infinity ? [] : ["day < ?"])];
  const dayParams = [...(firstDay === -Infinity ? [] : [firstDay]), ...(endDay === Infinity ? [] : [endDay])];
  const whole = db
    .prepare(`SELECT IFNULL(SUM(n), 0) FROM trace_call_counts WHERE ${[...where, ...dayBounds].join(" AND ")}`)
    .pluck()
    .get(...params, ...dayParams) as number;

  const filtered = callsWhere(db, request.project_id, request.filter, null);
  const countBetween = (from: number, to: number) =>
    db
      .prepare(`SELECT COUNT(*) FROM trace_calls c WHERE ${filtered.sql} AND c.started_at >= ? AND c.started_at < ?`)
      .pluck()
      .get(...filtered.params, from, to) as number;
  const head = firstDay === -Infinity ? 0 : countBetween(range.from, firstDay * DAY);
  const tail = endDay === Infinity ? 0 : countBetween(endDay * DAY, range.to);
  return whole + head + tail;
}
