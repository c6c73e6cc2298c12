import type { CallsFilter } from "../../../contract/trace-calls";
import type { QueryExpression } from "../../../contract/trace-feedback";
import { compileQuery, type SqlCondition } from "../feedback/query-sql";
import { callFieldSql } from "./fields";

/** `weave:///<entity>/<project>/op/<name>:*`: every version of the op (upstream's wildcard). */
const WILDCARD_VERSION = ":*";

const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/**
 * Exact op refs by IN; a wildcard ref by the range of refs starting with `<name>:` (an index
 * range, and exact: upstream's LIKE would also let `_` in a name match any character).
 */
function opNamesCondition(opNames: readonly string[]): SqlCondition {
  const exact = opNames.filter((name) => !name.endsWith(WILDCARD_VERSION));
  const prefixes = opNames.filter((name) => name.endsWith(WILDCARD_VERSION)).map((name) => name.slice(0, -1));
  const parts: SqlCondition[] = [];
  if (exact.length > 0) parts.push({ sql: `c.op_name IN (${placeholders(exact)})`, params: exact });
  // ';' is the character after ':', so [prefix, prefix with ';' for its last character) holds exactly the refs starting with prefix.
  for (const prefix of prefixes) parts.push({ sql: "(c.op_name >= ? AND c.op_name < ?)", params: [prefix, `${prefix.slice(0, -1)};`] });
  return { sql: `(${parts.map((p) => p.sql).join(" OR ")})`, params: parts.flatMap((p) => p.params) };
}

/**
 * Refs a call's inputs (or output) hold: upstream records the refs found among the values when
 * the call is written; here the stored JSON is searched for the ref as a JSON string value.
 */
function refsCondition(column: "inputs" | "output", refs: readonly string[]): SqlCondition {
  return { sql: `(${refs.map(() => `instr(IFNULL(c.${column}, ''), ?) > 0`).join(" OR ")})`, params: refs.map((ref) => JSON.stringify(ref)) };
}

const inList = (column: string, values: readonly string[]): SqlCondition => ({ sql: `c.${column} IN (${placeholders(values)})`, params: [...values] });

/** Upstream ignores an empty list (`if filter.x:`), and so does this. */
const given = (values: readonly string[] | null | undefined): values is readonly string[] => Array.isArray(values) && values.length > 0;

/**
 * The WHERE condition of a calls query: the project, each filter entry (ANDed) and the query
 * expression. Thread, turn and run ids are not stored here: calls without them never match a
 * non-empty list of them, as upstream answers for calls that lack them.
 */
export function callsWhere(projectId: string, filter: CallsFilter | null | undefined, query: { $expr: QueryExpression } | null | undefined): SqlCondition {
  const parts: SqlCondition[] = [{ sql: "c.project_id = ?", params: [projectId] }];
  const f = filter ?? {};
  if (given(f.op_names)) parts.push(opNamesCondition(f.op_names));
  if (given(f.input_refs)) parts.push(refsCondition("inputs", f.input_refs));
  if (given(f.output_refs)) parts.push(refsCondition("output", f.output_refs));
  if (given(f.parent_ids)) parts.push(inList("parent_id", f.parent_ids));
  if (given(f.trace_ids)) parts.push(inList("trace_id", f.trace_ids));
  if (given(f.call_ids)) parts.push(inList("id", f.call_ids));
  if (given(f.wb_user_ids)) parts.push(inList("wb_user_id", f.wb_user_ids));
  if (given(f.thread_ids) || given(f.turn_ids) || given(f.wb_run_ids)) parts.push({ sql: "0", params: [] });
  if (f.trace_roots_only) parts.push({ sql: "c.parent_id IS NULL", params: [] });
  if (query) parts.push(compileQuery(query.$expr, callFieldSql));
  return { sql: parts.map((p) => p.sql).join(" AND "), params: parts.flatMap((p) => p.params) };
}
