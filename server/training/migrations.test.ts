import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/database";
import { ALL_MIGRATIONS } from "../db/migrations";
import { listEvents } from "./job-store";
import { logGroups } from "./log-store";
import { TRAINING_MIGRATIONS } from "./migrations";

describe("training/002: events numbered per job", () => {
  it("renumbers the events a database already holds, job by job in their order, keeping their cursors' order", () => {
    const db = new BetterSqlite3(":memory:");
    migrate(
      db,
      ALL_MIGRATIONS.filter((m) => m.id !== TRAINING_MIGRATIONS[1]!.id),
    );
    db.exec(`
      INSERT INTO training_models (id, entity, project, name, base_model, created_at) VALUES ('m', 'demo', 'p', 'n', 'b', 't');
      INSERT INTO training_jobs (id, model_id, kind, status, created_at, updated_at) VALUES ('a', 'm', 'rl', 'running', 't', 't'), ('b', 'm', 'rl', 'running', 't', 't');
      INSERT INTO training_events (job_id, type, data, created_at) VALUES ('a', 'x', '{"n":1}', 't'), ('b', 'x', '{"n":1}', 't'), ('a', 'x', '{"n":2}', 't'), ('b', 'x', '{"n":2}', 't'), ('a', 'x', '{"n":3}', 't');
    `);
    migrate(db, ALL_MIGRATIONS);
    const page = listEvents(db, "a", 1, 10);
    expect(page.data).toEqual([
      { id: "evt_000000000002", type: "x", data: { n: 2 } },
      { id: "evt_000000000003", type: "x", data: { n: 3 } },
    ]);
    expect(listEvents(db, "b", 0, 10).data.map((e) => e.id)).toEqual(["evt_000000000001", "evt_000000000002"]);
  });
});

const tableSql = (db: BetterSqlite3.Database, name: string) =>
  (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) as { sql: string }).sql;

describe("training/003: job items and dataset rows in rowid tables", () => {
  it("keeps the rows a database already holds, in rowid tables (no WITHOUT ROWID)", () => {
    const db = new BetterSqlite3(":memory:");
    migrate(
      db,
      ALL_MIGRATIONS.filter((m) => m.id !== TRAINING_MIGRATIONS[2]!.id),
    );
    expect(tableSql(db, "training_job_items")).toContain("WITHOUT ROWID");
    db.exec(`
      INSERT INTO training_models (id, entity, project, name, base_model, created_at) VALUES ('m', 'demo', 'p', 'n', 'b', 't');
      INSERT INTO training_jobs (id, model_id, kind, status, created_at, updated_at) VALUES ('a', 'm', 'rl', 'queued', 't', 't');
      INSERT INTO training_job_items (job_id, idx, payload) VALUES ('a', 1, '{"n":2}'), ('a', 0, '{"n":1}');
      INSERT INTO training_datasets (id, entity, project, name, version, created_at) VALUES (1, 'demo', 'p', 'd', 1, 't');
      INSERT INTO training_dataset_rows (dataset_id, idx, payload) VALUES (1, 0, '{"messages":[]}');
    `);
    migrate(db, ALL_MIGRATIONS);
    for (const table of ["training_job_items", "training_dataset_rows"])
      expect(tableSql(db, table)).not.toContain("WITHOUT ROWID");
    expect(db.prepare("SELECT idx, payload FROM training_job_items WHERE job_id = 'a' ORDER BY idx").all()).toEqual([
      { idx: 0, payload: '{"n":1}' },
      { idx: 1, payload: '{"n":2}' },
    ]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_dataset_rows").get()).toEqual({ n: 1 });
    // Still one row per (job, index), and still deleted with the job.
    expect(() => db.exec("INSERT INTO training_job_items (job_id, idx, payload) VALUES ('a', 0, '{}')")).toThrow(
      /UNIQUE/,
    );
    db.pragma("foreign_keys = ON");
    db.exec("DELETE FROM training_jobs WHERE id = 'a'");
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_job_items").get()).toEqual({ n: 0 });
  });

  it("stores a job of many groups beside one whose single group is megabytes (the insert that never finished)", () => {
    const db = new BetterSqlite3(":memory:");
    migrate(db, ALL_MIGRATIONS);
    db.exec(`
      INSERT INTO training_models (id, entity, project, name, base_model, created_at) VALUES ('m', 'demo', 'p', 'n', 'b', 't');
      INSERT INTO training_jobs (id, model_id, kind, status, created_at, updated_at) VALUES ('b-big', 'm', 'rl', 'queued', 't', 't'), ('a-many', 'm', 'rl', 'queued', 't', 't');
    `);
    const insert = db.prepare("INSERT INTO training_job_items (job_id, idx, payload) VALUES (?, ?, ?)");
    insert.run("b-big", 0, JSON.stringify({ content: "x".repeat(4 * 1024 * 1024) }));
    // Rows that sort before the big one. Without rowid, each insert reads the big row again, and
    // thousands of rows beside a 32 MB one would never finish.
    db.transaction(() => {
      for (let idx = 0; idx < 1_000; idx++)
        insert.run("a-many", idx, JSON.stringify({ idx, content: "y".repeat(4_600) }));
    })();
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_job_items WHERE job_id = 'a-many'").get()).toEqual({
      n: 1_000,
    });
  });
});

describe("training/004: a log's groups one row each", () => {
  it("splits the logs a database already holds into their groups, in order, deleted with the log", () => {
    const db = new BetterSqlite3(":memory:");
    migrate(
      db,
      ALL_MIGRATIONS.filter((m) => m.id !== TRAINING_MIGRATIONS[3]!.id),
    );
    db.exec(`
      INSERT INTO training_models (id, entity, project, name, base_model, created_at) VALUES ('m', 'demo', 'p', 'n', 'b', 't');
      INSERT INTO training_logs (id, model_id, split, trajectory_groups, metrics, created_at)
        VALUES (7, 'm', 'val', '[{"trajectories":[{"reward":1}]},{"trajectories":[{"reward":0}]}]', '{"reward":0.5}', 't');
    `);
    migrate(db, ALL_MIGRATIONS);
    expect(logGroups(db, 7)).toEqual([{ trajectories: [{ reward: 1 }] }, { trajectories: [{ reward: 0 }] }]);
    expect(tableSql(db, "training_logs")).not.toContain("trajectory_groups");
    expect(db.prepare("SELECT split, metrics FROM training_logs WHERE id = 7").get()).toEqual({
      split: "val",
      metrics: '{"reward":0.5}',
    });
    db.pragma("foreign_keys = ON");
    db.exec("DELETE FROM training_logs WHERE id = 7");
    expect(db.prepare("SELECT COUNT(*) AS n FROM training_log_groups").get()).toEqual({ n: 0 });
  });
});
