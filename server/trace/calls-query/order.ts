import type { CallsSortBy } from "../../../contract/trace-calls";
import type { SqlCondition } from "../feedback/query-sql";
import { callFieldSql } from "./fields";

/** One key of the order: its SQL, direction and whether it is never NULL. */
export type SortKey = SqlCondition & { desc: boolean; notNull: boolean };

/** Upstream's default: oldest first. */
const DEFAULT_SORT: CallsSortBy[] = [{ field: "started_at", direction: "asc" }];

/**
 * The order of a calls query: the asked keys, then `id` as the tie-breaker so every order is
 * total (pages never overlap). The tie-breaker runs in the first key's direction, as upstream
 * orders `started_at desc` by `id desc` too; each single-key order is then one index walk.
 */
export function callsOrder(sortBy: readonly CallsSortBy[] | null | undefined): SortKey[] {
  const sorts = sortBy?.length ? sortBy : DEFAULT_SORT;
  const keys: SortKey[] = sorts.map((sort) => {
    const field = callFieldSql(sort.field);
    return { sql: field.sql, params: field.params, desc: sort.direction === "desc", notNull: field.notNull === true };
  });
  keys.push({ sql: "c.id", params: [], desc: keys[0]?.desc ?? false, notNull: true });
  return keys;
}

export function orderBySql(keys: readonly SortKey[]): SqlCondition {
  return { sql: keys.map((key, i) => `k${i} ${key.desc ? "DESC" : "ASC"}`).join(", "), params: [] };
}

/**
 * Rows strictly after `last` (the previous chunk's last row's key values) in the order: for some
 * key i, every earlier key equal and key i after. SQLite puts NULLs first ascending and last
 * descending; the comparisons follow that. For a never-NULL first key a plain bound is added too,
 * so the planner walks the index from `last` instead of from the start.
 */
export function afterCondition(keys: readonly SortKey[], last: readonly unknown[]): SqlCondition {
  const alternatives: SqlCondition[] = [];
  keys.forEach((key, i) => {
    const equalBefore = keys
      .slice(0, i)
      .map((earlier, j) => ({ sql: `(${earlier.sql}) IS ?`, params: [...earlier.params, last[j]] }));
    const after = afterKey(key, last[i]);
    if (after === null) return;
    const parts = [...equalBefore, after];
    alternatives.push({ sql: `(${parts.map((p) => p.sql).join(" AND ")})`, params: parts.flatMap((p) => p.params) });
  });
  const or: SqlCondition = alternatives.length
    ? { sql: `(${alternatives.map((a) => a.sql).join(" OR ")})`, params: alternatives.flatMap((a) => a.params) }
    : { sql: "0", params: [] };
  const first = keys[0];
  if (!first?.notNull || last[0] === null) return or;
  return {
    sql: `((${first.sql}) ${first.desc ? "<=" : ">="} ? AND ${or.sql})`,
    params: [...first.params, last[0], ...or.params],
  };
}

/** `key` strictly after `value` in its direction; null when nothing can be. */
function afterKey(key: SortKey, value: unknown): SqlCondition | null {
  if (!key.desc)
    return value === null
      ? { sql: `(${key.sql}) IS NOT NULL`, params: key.params }
      : { sql: `(${key.sql}) > ?`, params: [...key.params, value] };
  if (value === null) return null;
  return { sql: `((${key.sql}) < ? OR (${key.sql}) IS NULL)`, params: [...key.params, value, ...key.params] };
}
