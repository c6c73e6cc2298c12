import { describe, expect, it } from "vitest";
import { ACME_KEY, basic, bearer, call, createTestApp } from "../testing/test-app";
import { makeQueue, PROJECT } from "./test-fixtures";

const API = "/api/trace";

describe("authentication and project access", () => {
  const endpoints = [
    ["POST", `${API}/annotation_queues`, { project_id: PROJECT, name: "Q" }],
    ["POST", `${API}/annotation_queues/query`, { project_id: PROJECT }],
    ["POST", `${API}/annotation_queues/stats`, { project_id: PROJECT, queue_ids: [] }],
    ["GET", `${API}/annotation_queues/q1?project_id=${PROJECT}`, undefined],
    ["PUT", `${API}/annotation_queues/q1`, { project_id: PROJECT, name: "Renamed" }],
    ["DELETE", `${API}/annotation_queues/q1?project_id=${PROJECT}`, undefined],
    ["POST", `${API}/annotation_queues/q1/items`, { project_id: PROJECT, call_ids: ["c1"] }],
    ["POST", `${API}/annotation_queues/q1/items/query`, { project_id: PROJECT }],
    ["POST", `${API}/annotation_queues/q1/items/i1/progress`, { project_id: PROJECT, annotation_state: "completed" }],
    ["POST", `${API}/call/read`, { project_id: PROJECT, id: "c1" }],
  ] as const;

  it.each(endpoints)("%s %s: 401 without a key", async (method, path, body) => {
    const { app } = createTestApp();
    const res = await call(app, method, path, { body });
    expect(res.status).toBe(401);
    expect(res.json.reason).toMatch(/API key/);
  });

  it.each(endpoints)("%s %s: 401 for an unknown key, which is not echoed back", async (method, path, body) => {
    const { app } = createTestApp();
    const res = await call(app, method, path, { body, headers: bearer("not-a-real-key") });
    expect(res.status).toBe(401);
    expect(res.text).not.toContain("not-a-real-key");
  });

  it.each(endpoints)("%s %s: 403 for the acme key on a demo project", async (method, path, body) => {
    const { app } = createTestApp();
    const res = await call(app, method, path, { body, headers: bearer(ACME_KEY) });
    expect(res.status).toBe(403);
    expect(res.json.reason).toContain("'demo'");
  });

  it("accepts the key as Basic (the SDK's form) and as Bearer", async () => {
    const { app, db } = createTestApp();
    const queue = makeQueue(db, { n: 3 });
    for (const headers of [basic(), bearer()]) {
      const res = await call(app, "POST", `${API}/annotation_queues/${queue.id}/items/query`, {
        body: { project_id: PROJECT },
        headers,
      });
      expect(res.status).toBe(200);
      expect(res.json.items).toHaveLength(3);
    }
  });

  it("lets the acme key use its own project", async () => {
    const { app } = createTestApp();
    const res = await call(app, "POST", `${API}/annotation_queues`, {
      body: { project_id: "acme/claims", name: "Claims" },
      headers: basic(ACME_KEY),
    });
    expect(res.status).toBe(200);
    const list = await call(app, "POST", `${API}/annotation_queues/query`, {
      body: { project_id: "acme/claims" },
      headers: basic(ACME_KEY),
    });
    expect(list.text.trim().split("\n")).toHaveLength(1);
  });
});
