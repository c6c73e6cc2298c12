import type { Database } from "better-sqlite3";

/**
 * Runs `work` in a transaction that takes SQLite's write lock at BEGIN (BEGIN IMMEDIATE).
 *
 * Why not a plain (deferred) transaction: one that reads first and writes later upgrades its read
 * snapshot to a write, and if another connection committed in between (`npm run seed` or a test
 * writing to the same file while the server runs), SQLite answers SQLITE_BUSY at once, without
 * waiting for busy_timeout. A job step failed so during an end-to-end run. Taking the lock first
 * makes the other writer wait its turn instead. Nested calls become savepoints, as with
 * `db.transaction`.
 */
export function writeTransaction<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}
