import type { Database, Statement } from "better-sqlite3";

/** How a statement hands back rows: objects, the first column only, or arrays. */
export type RowMode = "objects" | "pluck" | "raw";

const caches = new WeakMap<Database, Map<string, Statement>>();

/**
 * A prepared statement for `sql`, prepared once per database and row mode. The items query builds
 * its SQL from a small, closed set of shapes (sort fields, filter kinds), so the cache stays small.
 */
export function cached(db: Database, sql: string, mode: RowMode = "objects"): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${mode}\n${sql}`;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === "pluck") statement.pluck();
    if (mode === "raw") statement.raw();
    cache.set(key, statement);
  }
  return statement;
}
