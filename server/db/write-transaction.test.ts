import type { Database } from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database";
import { writeTransaction } from "./write-transaction";

// Two connections to one file stand for the server and another process (a seed, a test helper).
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function twoConnections(): [Database, Database] {
  dir = mkdtempSync(join(tmpdir(), "wbops-write-tx-"));
  const file = join(dir, "db.sqlite");
  const server = openDatabase(file);
  server.exec("CREATE TABLE counter (n INTEGER NOT NULL)");
  server.prepare("INSERT INTO counter (n) VALUES (0)").run();
  const other = openDatabase(file);
  other.pragma("busy_timeout = 0"); // fail at once instead of waiting, so the test shows who holds the lock
  return [server, other];
}

const read = (db: Database) => (db.prepare("SELECT n FROM counter").get() as { n: number }).n;
const bump = (db: Database) => db.prepare("UPDATE counter SET n = n + 1").run();

describe("writeTransaction", () => {
  it("a deferred read-then-write fails at once when another connection wrote in between (the failure it prevents)", () => {
    const [server, other] = twoConnections();
    const deferred = server.transaction(() => {
      read(server);
      bump(other);
      bump(server);
    });
    expect(deferred).toThrow(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_BUSY/) }));
    expect(read(server)).toBe(1);
  });

  it("holds the write lock from the start: the other writer waits, and the read-then-write commits", () => {
    const [server, other] = twoConnections();
    const result = writeTransaction(server, () => {
      const before = read(server);
      expect(() => bump(other)).toThrow(expect.objectContaining({ code: "SQLITE_BUSY" }));
      bump(server);
      return before;
    });
    expect(result).toBe(0);
    bump(other); // once the lock is released
    expect(read(server)).toBe(2);
  });

  it("nests as a savepoint inside another write transaction", () => {
    const [server] = twoConnections();
    writeTransaction(server, () => {
      bump(server);
      writeTransaction(server, () => bump(server));
    });
    expect(read(server)).toBe(2);
  });
});
