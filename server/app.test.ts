import { describe, expect, it } from "vitest";
import { basic, bearer, call, createTestApp } from "./testing/test-app";

describe("the local services app", () => {
  it("tells the dashboard where each service is", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", "/config.json");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      traceBaseUrl: "/api/trace",
      trainingBaseUrl: "/api/training/v1",
      inferenceBaseUrl: "/api/inference/v1",
    });
  });

  it("answers an unknown API path with a JSON 404 and a request id", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain("/api/nothing-here");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers an unknown path under a service in that service's own error style", async () => {
    const { app } = createTestApp();
    expect((await call(app, "GET", "/api/trace/nothing", { headers: basic() })).json).toEqual({
      reason: "No such endpoint: GET /api/trace/nothing",
    });
    expect((await call(app, "GET", "/api/training/v1/nothing", { headers: bearer() })).json).toEqual({
      detail: "No such endpoint: GET /api/training/v1/nothing",
    });
    expect((await call(app, "GET", "/api/inference/v1/nothing", { headers: bearer() })).json).toEqual({
      error: {
        message: "No such endpoint: GET /api/inference/v1/nothing",
        type: "invalid_request_error",
        code: "not_found",
      },
    });
  });

  it("rejects an oversized body with 413", async () => {
    const { app } = createTestApp();
    const big = "x".repeat(33 * 1024 * 1024);
    const res = await call(app, "POST", "/api/trace/annotation_queues/query", {
      rawBody: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    // The trace service's limit (body-limits.ts): a trace request needs far less than MAX_BODY_BYTES.
    expect(res.json).toEqual({ reason: "Request body too large: the limit is 1048576 bytes." });
  });
});

describe("Basic credentials", () => {
  const encoded = Buffer.from("api:local-demo-key").toString("base64");
  it.each([
    ["junk characters inside the base64", `Basic ${encoded.slice(0, 4)}!${encoded.slice(4)}`],
    ["junk after the padding", `Basic ${encoded}*`],
    ["a missing character (not a whole number of quads)", `Basic ${encoded.slice(1)}`],
    [
      "bytes that are not UTF-8",
      `Basic ${Buffer.concat([Buffer.from("api:local-demo-key"), Buffer.from([0xff])]).toString("base64")}`,
    ],
  ])("are refused with 401: %s", async (_what, authorization) => {
    const { app } = createTestApp();
    const res = await call(app, "POST", "/api/trace/annotation_queues/query", {
      body: { project_id: "demo/support-bot" },
      headers: { Authorization: authorization },
    });
    expect(res.status).toBe(401);
  });

  it("are accepted when well-formed", async () => {
    const { app } = createTestApp();
    expect(
      (
        await call(app, "POST", "/api/trace/annotation_queues/query", {
          body: { project_id: "demo/support-bot" },
          headers: basic(),
        })
      ).status,
    ).toBe(200);
  });
});
