import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../auth/users";
import { openDatabase } from "../db/database";
import { openTestDatabase } from "./test-database";

const schemaOf = (db: ReturnType<typeof openDatabase>) =>
  db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all();
const countUsers = (db: ReturnType<typeof openDatabase>) =>
  (db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;

describe("openTestDatabase", () => {
  it("has the schema, migrations and connection settings of openDatabase(':memory:')", () => {
    const fresh = openDatabase(":memory:");
    const copy = openTestDatabase();
    expect(schemaOf(copy)).toEqual(schemaOf(fresh));
    const migrationIds = (db: typeof fresh) => db.prepare("SELECT id FROM schema_migrations ORDER BY id").all();
    expect(migrationIds(copy)).toEqual(migrationIds(fresh));
    const settings = (db: typeof fresh) =>
      ["foreign_keys", "busy_timeout", "synchronous", "journal_mode"].map((name) => [
        name,
        db.pragma(name, { simple: true }),
      ]);
    expect(settings(copy)).toEqual(settings(fresh));
    expect(copy.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(countUsers(copy)).toBe(0);
  });

  it("gives each caller a private copy: rows written to one are not in the next", () => {
    const first = openTestDatabase({ users: true });
    expect(countUsers(first)).toBe(DEMO_USERS.length);
    first.prepare("DELETE FROM users").run();
    expect(countUsers(first)).toBe(0);
    expect(countUsers(openTestDatabase({ users: true }))).toBe(DEMO_USERS.length);
  });

  it("opens a large one (allowed past a copy's 1 GiB) with the same schema and users", () => {
    const large = openTestDatabase({ users: true, large: true });
    expect(schemaOf(large)).toEqual(schemaOf(openTestDatabase({ users: true })));
    expect(countUsers(large)).toBe(DEMO_USERS.length);
  });
});
