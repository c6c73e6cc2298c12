import { describe, expect, it } from "vitest";
import { LOCAL_ORIGIN, createLocalServer } from "@/test/local-server";
import { EMPTY_RUNTIME_CONFIG, loadRuntimeConfig } from "./runtime-config";

/** A host whose config.json is `body`. */
const serve = (body: unknown): typeof fetch => async () => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

describe("loadRuntimeConfig", () => {
  it("reads the local services' config.json", async () => {
    const server = createLocalServer();
    const config = await loadRuntimeConfig({ fetch: server.fetch, url: `${LOCAL_ORIGIN}/config.json` });
    expect(config).toEqual({
      traceBaseUrl: "/api/trace",
      trainingBaseUrl: "/api/training/v1",
      inferenceBaseUrl: "/api/inference/v1",
      wandbApiBaseUrl: "/api/wandb",
      localServices: true,
    });
  });

  it("falls back when the host has no config.json", async () => {
    const server = createLocalServer();
    expect(await loadRuntimeConfig({ fetch: server.fetch, url: `${LOCAL_ORIGIN}/no-such-file.json` })).toEqual(EMPTY_RUNTIME_CONFIG);
  });

  it("falls back when the host cannot be reached", async () => {
    const server = createLocalServer();
    expect(await loadRuntimeConfig({ fetch: server.fetch, url: "http://elsewhere.test/config.json" })).toEqual(EMPTY_RUNTIME_CONFIG);
  });

  it("takes a request timeout within 1 s to 10 min, and ignores anything else", async () => {
    expect((await loadRuntimeConfig({ fetch: serve({ requestTimeoutMs: 90_000 }) })).requestTimeoutMs).toBe(90_000);
    for (const bad of [0, 500, 700_000, 1500.5, "60000", null]) {
      const config = await loadRuntimeConfig({ fetch: serve({ requestTimeoutMs: bad, localServices: true }) });
      expect(config).toEqual({ localServices: true, requestTimeoutMs: undefined });
    }
  });
});
