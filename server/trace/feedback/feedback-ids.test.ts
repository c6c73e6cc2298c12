import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../../db/database";
import { ALL_MIGRATIONS } from "../../db/migrations";
import { FeedbackQueryResponse } from "../../../contract/trace-feedback";
import { ACME_KEY, DEMO_KEY, bearer, call, createTestApp } from "../../testing/test-app";

// A feedback id is the client's to choose (the weave SDKs send their own): it names a row within
// its project. Another tenant's ids must neither block one nor be found out through a conflict.

const API = "/api/trace";
const ID = "0192bbbb-0000-7000-8000-00000000f00d";
type App = ReturnType<typeof createTestApp>["app"];

const note = (project: string, id: string, text: string) => ({
  project_id: project,
  id,
  weave_ref: `weave:///${project}/call/0192aaaa-0000-7000-8000-000000000001`,
  feedback_type: "wandb.note.1",
  payload: { note: text },
});
const create = (app: App, project: string, text: string, key: string) =>
  call(app, "POST", `${API}/feedback/create`, { body: note(project, ID, text), headers: bearer(key) });
const notes = async (app: App, project: string, key: string) =>
  FeedbackQueryResponse.parse(
    (await call(app, "POST", `${API}/feedback/query`, { body: { project_id: project }, headers: bearer(key) })).json,
  ).result;

describe("feedback ids", () => {
  it("are unique per project: an id another project uses is free here, and each project reads its own row", async () => {
    const { app } = createTestApp();
    expect((await create(app, "acme/claims", "acme's note", ACME_KEY)).status).toBe(200);
    const mine = await create(app, "demo/support-bot", "demo's note", DEMO_KEY);
    expect({ status: mine.status, id: mine.json.id }).toEqual({ status: 200, id: ID });
    expect((await notes(app, "demo/support-bot", DEMO_KEY)).map((row) => [row.id, row.payload])).toEqual([
      [ID, { note: "demo's note" }],
    ]);
    expect((await notes(app, "acme/claims", ACME_KEY)).map((row) => [row.id, row.payload])).toEqual([
      [ID, { note: "acme's note" }],
    ]);
  });

  it("still refuse a second row with the same id in one project", async () => {
    const { app } = createTestApp();
    expect((await create(app, "demo/support-bot", "first", DEMO_KEY)).status).toBe(200);
    const again = await create(app, "demo/support-bot", "second", DEMO_KEY);
    expect({ status: again.status, reason: again.json.reason }).toEqual({
      status: 400,
      reason: `Feedback '${ID}' already exists.`,
    });
  });

  it("purge and replace act on the caller's project only", async () => {
    const { app } = createTestApp();
    await create(app, "acme/claims", "acme's note", ACME_KEY);
    await create(app, "demo/support-bot", "demo's note", DEMO_KEY);
    const purge = await call(app, "POST", `${API}/feedback/purge`, {
      body: { project_id: "demo/support-bot", query: { $expr: { $eq: [{ $getField: "id" }, { $literal: ID }] } } },
      headers: bearer(DEMO_KEY),
    });
    expect(purge.status).toBe(200);
    expect(await notes(app, "demo/support-bot", DEMO_KEY)).toEqual([]);
    expect((await notes(app, "acme/claims", ACME_KEY)).map((row) => row.id)).toEqual([ID]);
  });
});

describe("the feedback table of a database made before ids were per project", () => {
  it("keeps every row, in order, and takes a second project's row with the same id once migrated", () => {
    const db = new BetterSqlite3(":memory:");
    migrate(
      db,
      ALL_MIGRATIONS.filter((migration) => migration.id !== "trace/009_feedback_id_per_project"),
    );
    const insert = db.prepare(
      "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload) VALUES (?, ?, 'ref', 'user', 't', 'wandb.note.1', '{}')",
    );
    insert.run("a", "demo/support-bot");
    insert.run("b", "demo/support-bot");
    expect(() => insert.run("a", "acme/claims")).toThrow(/UNIQUE/);
    migrate(db, ALL_MIGRATIONS);
    insert.run("a", "acme/claims");
    expect(() => insert.run("b", "demo/support-bot")).toThrow(/UNIQUE/);
    expect(db.prepare("SELECT seq, id, project_id FROM trace_feedback ORDER BY seq").all()).toEqual([
      { seq: 1, id: "a", project_id: "demo/support-bot" },
      { seq: 2, id: "b", project_id: "demo/support-bot" },
      { seq: 3, id: "a", project_id: "acme/claims" },
    ]);
    db.close();
  });
});
