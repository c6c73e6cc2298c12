import { describe, expect, it } from "vitest";
import { LOCAL_ORIGIN, createLocalServer } from "../test/local-server";
import { EMPTY_RUNTIME_CONFIG, loadRuntimeConfig } from "./runtime-config";

describe("loadRuntimeConfig", () => {
  it("reads the local services' config.json", async () => {
    const server = createLocalServer();
    const config = await loadRuntimeConfig({ fetch: server.fetch, url: `${LOCAL_ORIGIN}/config.json` });
    expect(config).toEqual({
      traceBaseUrl: "/api/trace",
      trainingBaseUrl: "/api/training/v1",
      inferenceBaseUrl: "/api/inference/v1",
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
});
