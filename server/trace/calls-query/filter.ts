import type { Database } from "better-sqlite3";
import type { CallsFilter } from "../../../contract/trace-calls";
import type { QueryExpression } from "../../../contract/trace-feedback";
import { compileQuery, type SqlCondition } from "../feedback/query-sql";
import { callFieldSql } from "./fields";

/** `weave:///<entity>/<project>/op/<name>:*`: every version of the op (upstream's wildcard). */
const WILDCARD_VERSION = ":*";

const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** Versions looked up for one wildcard at most; past this the wildcard is matched as a range of refs. */
const MAX_VERSIONS = 100;

/**
 * The op refs of the project starting with `prefix` (`weave:///e/p/op/<name>:`), one index seek
 * each, or null when there are more than MAX_VERSIONS. An op has a handful of versions, and an
 * exact list lets SQLite walk an order's index testing op_name in it, where a range would be
 * read whole and sorted (8.5 s for the op of a third of 1M calls).
 */
export function versionsOf(db: Database, projectId: string, prefix: string): string[] | null {
  const end = `${prefix.slice(0, -1)};`; // ';' follows ':', so [prefix, end) is every ref starting with prefix
  const next = db
    .prepare("SELECT MIN(op_name) FROM trace_calls WHERE project_id = ? AND op_name >= ? AND op_name < ?")
    .pluck();
  const versions: string[] = [];
  let from = prefix;
  for (;;) {
    const found = next.get(projectId, from, end) as string | null;
    if (found === null) return versions;
    if (versions.length === MAX_VERSIONS) return null;
    versions.push(found);
    from = `${found}\u0000`;
  }
}

/** Exact op refs by IN; a wildcard ref (`<name>:*`, every version, as upstream) by the versions the project has. */
function opNamesCondition(db: Database, projectId: string, opNames: readonly string[]): SqlCondition {
  const exact = new Set(opNames.filter((name) => !name.endsWith(WILDCARD_VERSION)));
  const ranges: SqlCondition[] = [];
  for (const name of opNames.filter((n) => n.endsWith(WILDCARD_VERSION))) {
    const prefix = name.slice(0, -1);
    const versions = versionsOf(db, projectId, prefix);
    if (versions) for (const version of versions) exact.add(version);
    else ranges.push({ sql: "(c.op_name >= ? AND c.op_name < ?)", params: [prefix, `${prefix.slice(0, -1)};`] });
  }
  const parts: SqlCondition[] = [...ranges];
  if (exact.size > 0) parts.unshift({ sql: `c.op_name IN (${placeholders([...exact])})`, params: [...exact] });
  if (parts.length === 0) return { sql: "0", params: [] };
  return { sql: `(${parts.map((p) => p.sql).join(" OR ")})`, params: parts.flatMap((p) => p.params) };
}

/**
 * Refs a call's inputs (or output) hold: upstream records the refs found among the values when
 * the call is written; here the stored JSON is searched for the ref as a JSON string value.
 */
function refsCondition(column: "inputs" | "output", refs: readonly string[]): SqlCondition {
  return {
    sql: `(${refs.map(() => `instr(IFNULL(c.${column}, ''), ?) > 0`).join(" OR ")})`,
    params: refs.map((ref) => JSON.stringify(ref)),
  };
}

/**
 * The `input_refs` and `output_refs` entries of a filter, ANDed, or null without them: a search of
 * each call's stored JSON text that no index answers (a calls query walks it in steps, query.ts).
 */
export function refsConditions(filter: CallsFilter | null | undefined): SqlCondition | null {
  const parts: SqlCondition[] = [];
  if (given(filter?.input_refs)) parts.push(refsCondition("inputs", filter.input_refs));
  if (given(filter?.output_refs)) parts.push(refsCondition("output", filter.output_refs));
  if (parts.length === 0) return null;
  return { sql: parts.map((p) => p.sql).join(" AND "), params: parts.flatMap((p) => p.params) };
}

const inList = (column: string, values: readonly string[]): SqlCondition => ({
  sql: `c.${column} IN (${placeholders(values)})`,
  params: [...values],
});

/** Upstream ignores an empty list (`if filter.x:`), and so does this. */
export const given = (values: readonly string[] | null | undefined): values is readonly string[] =>
  Array.isArray(values) && values.length > 0;

/**
 * The WHERE condition of a calls query: the project, each filter entry (ANDed) and the query
 * expression. Thread, turn and run ids are those the call's start carried (trace/006_call_writes).
 */
export function callsWhere(
  db: Database,
  projectId: string,
  filter: CallsFilter | null | undefined,
  query: { $expr: QueryExpression } | null | undefined,
  options: { withoutRefs?: boolean } = {},
): SqlCondition {
  const parts: SqlCondition[] = [{ sql: "c.project_id = ?", params: [projectId] }];
  const f = filter ?? {};
  if (given(f.op_names)) parts.push(opNamesCondition(db, projectId, f.op_names));
  if (!options.withoutRefs) {
    const refs = refsConditions(f);
    if (refs) parts.push(refs);
  }
  if (given(f.parent_ids)) parts.push(inList("parent_id", f.parent_ids));
  if (given(f.trace_ids)) parts.push(inList("trace_id", f.trace_ids));
  if (given(f.call_ids)) parts.push(inList("id", f.call_ids));
  if (given(f.wb_user_ids)) parts.push(inList("wb_user_id", f.wb_user_ids));
  if (given(f.thread_ids)) parts.push(inList("thread_id", f.thread_ids));
  if (given(f.turn_ids)) parts.push(inList("turn_id", f.turn_ids));
  if (given(f.wb_run_ids)) parts.push(inList("wb_run_id", f.wb_run_ids));
  if (f.trace_roots_only) parts.push({ sql: "c.parent_id IS NULL", params: [] });
  if (query) parts.push(compileQuery(query.$expr, callFieldSql));
  return { sql: parts.map((p) => p.sql).join(" AND "), params: parts.flatMap((p) => p.params) };
}
