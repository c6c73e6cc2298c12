import BetterSqlite3, { type Database } from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ALL_MIGRATIONS, type Migration } from "./migrations";

/**
 * Opens (creating when missing) the SQLite database of the local services and brings its schema
 * up to date. `":memory:"` gives a private in-memory database, used by the tests.
 */
export function openDatabase(file: string): Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  configureConnection(db);
  migrate(db, ALL_MIGRATIONS);
  return db;
}

/** The per-connection settings every database of the local services runs with. */
export function configureConnection(db: Database): void {
  // WAL lets the dashboard's reads run while the job runner writes; NORMAL sync is durable
  // across a process crash (the case we test with SIGKILL), which is what a local service needs.
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // SQLite's own page cache is small next to a million-item queue; memory-mapping the file lets
  // the OS page cache serve the items query's index scans without a read call per page. 2 GiB is
  // the most this SQLite build maps (SQLITE_MAX_MMAP_SIZE 0x7fff0000): at 1M items the items
  // indexes lie between 1.0 and 1.7 GB into the file, past a 1 GiB map. A smaller file maps only its size.
  db.pragma("mmap_size = 2147418112");
}

export function migrate(db: Database, migrations: readonly Migration[]): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set(
    db
      .prepare<[], { id: string }>("SELECT id FROM schema_migrations")
      .all()
      .map((r) => r.id),
  );
  const record = db.prepare("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)");
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, new Date().toISOString());
    })();
  }
}
