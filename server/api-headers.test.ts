import { describe, expect, it } from "vitest";
import { basic, bearer, createTestApp } from "./testing/test-app";
import { PERMISSIONS_POLICY } from "./security-headers";

// The API answers and /config.json carry nosniff, no-store, a Referrer-Policy and the cross-origin policies: keys
// and data stay out of caches and out of other origins' pages.

const requests: [string, string, Record<string, string>, string?][] = [
  ["GET", "/api/training/v1/health", {}],
  ["GET", "/api/training/v1/preview/training-jobs/job_nope", bearer()],
  ["GET", "/api/training/v1/preview/training-jobs/job_nope", {}],
  ["POST", "/api/trace/annotation_queues/query", basic(), JSON.stringify({ project_id: "demo/support-bot" })],
  ["GET", "/api/inference/v1/models", bearer()],
  ["GET", "/api/inference/v1/models", { Authorization: "Bearer wrong" }],
  ["GET", "/api/nothing", {}],
];

describe("headers on every API answer and on /config.json", () => {
  it.each(requests)("%s %s", async (method, path, headers, body) => {
    const { app } = createTestApp();
    const res = await app.request(path, {
      method,
      headers: { ...headers, ...(body ? { "Content-Type": "application/json" } : {}) },
      body,
    });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    // Answers for a key (and refusals of one) are never stored by a browser or a proxy.
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("a streamed chat answer is no-store too", async () => {
    const { app } = createTestApp();
    const res = await app.request("/api/training/v1/chat/completions", {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({
        model: "Qwen/Qwen2.5-7B-Instruct",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      }),
    });
    await res.text();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("/config.json: nosniff and no-referrer, revalidated on every load", async () => {
    const { app } = createTestApp();
    const res = await app.request("/config.json");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });
});
