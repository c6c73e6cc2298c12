import BetterSqlite3, { type Database } from "better-sqlite3";
import { configureConnection, openDatabase } from "../db/database";
import { seedUsers } from "../seed/users";

// Running every migration costs 45-100 ms a database (dozens of tables and indexes), and most server and client
// tests open one or more: over the unit suite that was minutes of CPU. So each worker builds the schema once, and
// every test gets a byte copy of it (sqlite3_deserialize, under 1 ms): the same schema and rows as
// openDatabase(":memory:"), private to the test, with the same connection settings.
let schemaOnly: Buffer | undefined;
let withUsers: Buffer | undefined;

/**
 * A fresh private in-memory database of the local services, like `openDatabase(":memory:")`. A copy
 * cannot grow past 1 GiB (SQLite's limit for a deserialized database: "database or disk is full"),
 * so `large` migrates a new one instead, for benchmarks that store gigabytes.
 */
export function openTestDatabase(options: { users?: boolean; large?: boolean } = {}): Database {
  if (options.large) {
    const db = openDatabase(":memory:");
    if (options.users) seedUsers(db);
    return db;
  }
  const image = options.users ? (withUsers ??= migratedImage(true)) : (schemaOnly ??= migratedImage(false));
  const db = new BetterSqlite3(image);
  configureConnection(db);
  return db;
}

function migratedImage(users: boolean): Buffer {
  const template = openDatabase(":memory:");
  if (users) seedUsers(template);
  const image = template.serialize();
  template.close();
  return image;
}
