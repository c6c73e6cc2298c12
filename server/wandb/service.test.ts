import { describe, expect, it } from "vitest";
import { ACME_KEY, basic, bearer, call, createTestApp } from "../testing/test-app";
import type { Database } from "better-sqlite3";
import { createQueue } from "../trace/queues";

const queueIn = (db: Database, projectId: string) =>
  createQueue(db, { projectId, name: "q", description: "", scorerRefs: [], createdBy: "user-demo" });

const GRAPHQL = "/api/wandb/graphql";
const VIEWER = "query Viewer { viewer { id username entity teams { edges { node { name } } } } }";
const PROJECTS =
  "query Projects($entity: String!, $first: Int, $after: String) { projects(entityName: $entity, first: $first, after: $after) { edges { cursor node { name entityName } } pageInfo { hasNextPage endCursor } } }";

describe("the W&B API's GraphQL endpoint", () => {
  it("answers viewer with the user the trace service records as the annotator", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", GRAPHQL, { body: { query: VIEWER }, headers: basic() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: { viewer: { id: "user-demo", username: "demo", entity: "demo", teams: { edges: [] } } },
    });
  });

  it("takes the key as Bearer too, and answers viewer null without one (anonymous, as the real API)", async () => {
    const { app } = createTestApp();
    expect(
      (await call(app, "POST", GRAPHQL, { body: { query: VIEWER }, headers: bearer(ACME_KEY) })).json.data.viewer.id,
    ).toBe("user-acme");
    const anonymous = await call(app, "POST", GRAPHQL, { body: { query: VIEWER } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ data: { viewer: null } });
  });

  it("refuses an unknown key or a malformed Authorization header with a 401 that does not echo it", async () => {
    const { app } = createTestApp();
    const unknown = await call(app, "POST", GRAPHQL, { body: { query: VIEWER }, headers: basic("not-a-real-key") });
    expect(unknown.status).toBe(401);
    expect(unknown.json.errors[0].message).toMatch(/API key/);
    expect(unknown.text).not.toContain("not-a-real-key");
    const malformed = await call(app, "POST", GRAPHQL, {
      body: { query: VIEWER },
      headers: { Authorization: "Token abc" },
    });
    expect(malformed.status).toBe(401);
  });

  it("lists the projects of the caller's entity from everything stored, in name order, page by page", async () => {
    const { app, db } = createTestApp();
    queueIn(db, "demo/support-bot");
    queueIn(db, "demo/alpha");
    queueIn(db, "demo/zeta");
    queueIn(db, "acme/claims");
    const page = async (after?: string) =>
      (
        await call(app, "POST", GRAPHQL, {
          body: { query: PROJECTS, variables: { entity: "demo", first: 2, after } },
          headers: basic(),
        })
      ).json.data.projects;
    const first = await page();
    expect(first.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(["alpha", "support-bot"]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await page(first.pageInfo.endCursor);
    expect(
      second.edges.map((e: { node: { name: string; entityName: string } }) => `${e.node.entityName}/${e.node.name}`),
    ).toEqual(["demo/zeta"]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("says the same for another tenant's entity as for one that does not exist", async () => {
    const { app, db } = createTestApp();
    queueIn(db, "acme/claims");
    const ask = async (entity: string) =>
      (await call(app, "POST", GRAPHQL, { body: { query: PROJECTS, variables: { entity } }, headers: basic() })).json;
    const other = await ask("acme");
    const missing = await ask("nobody");
    expect(other.data.projects).toBeNull();
    expect(other.errors[0].message).toBe("Permission denied: no entity 'acme' that this key may read.");
    expect(missing.errors[0].message).toBe("Permission denied: no entity 'nobody' that this key may read.");
  });

  it("bounds what a request can ask: the page size, the query's length; a malformed query is a 400", async () => {
    const { app } = createTestApp();
    const tooMany = await call(app, "POST", GRAPHQL, {
      body: { query: PROJECTS, variables: { entity: "demo", first: 1000 } },
      headers: basic(),
    });
    expect(tooMany.json.errors[0].message).toBe("first must be between 1 and 100.");
    const long = await call(app, "POST", GRAPHQL, {
      body: { query: `{ viewer { id } }${" ".repeat(10_001)}` },
      headers: basic(),
    });
    expect(long.status).toBe(400);
    expect(long.json.errors[0].message).toMatch(/at most 10000 characters/);
    const broken = await call(app, "POST", GRAPHQL, { body: { query: "{ viewer { nope } }" }, headers: basic() });
    expect(broken.status).toBe(400);
    expect(broken.json.errors[0].message).toContain("nope");
    const notJson = await call(app, "POST", GRAPHQL, {
      rawBody: "{",
      headers: { ...basic(), "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });
});
