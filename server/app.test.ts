import { describe, expect, it } from "vitest";
import { call, createTestApp } from "./testing/test-app";

describe("the local services app", () => {
  it("tells the dashboard where each service is", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", "/config.json");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ traceBaseUrl: "/api/trace", trainingBaseUrl: "/api/training/v1", inferenceBaseUrl: "/api/inference/v1" });
  });

  it("answers an unknown API path with a JSON 404 and a request id", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("/api/nothing-here");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("rejects an oversized body with 413", async () => {
    const { app } = createTestApp();
    const big = "x".repeat(33 * 1024 * 1024);
    const res = await call(app, "POST", "/api/trace/annotation_queues/query", { rawBody: big, headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(413);
  });
});
