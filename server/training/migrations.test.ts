import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../db/database";
import { ALL_MIGRATIONS } from "../db/migrations";
import { listEvents } from "./job-store";
import { TRAINING_MIGRATIONS } from "./migrations";

describe("training/002: events numbered per job", () => {
  it("renumbers the events a database already holds, job by job in their order, keeping their cursors' order", () => {
    const db = new BetterSqlite3(":memory:");
    migrate(db, ALL_MIGRATIONS.filter((m) => m.id !== TRAINING_MIGRATIONS[1]!.id));
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
