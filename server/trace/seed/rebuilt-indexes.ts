import type { Database } from "better-sqlite3";

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then builds them again: one sorted
 * build per index is several times cheaper than many scattered index inserts. Called inside the
 * load's transaction, so readers never see the tables without them. The index definitions are
 * read back from the schema, so migrations.ts stays their only source.
 */
export function withIndexesRebuiltAfter<T>(db: Database, tables: readonly string[], load: () => T): T {
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => "?").join(", ")})`,
    )
    .all(...tables) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  const result = load();
  for (const index of indexes) db.exec(index.sql);
  return result;
}
