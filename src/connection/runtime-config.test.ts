import { describe, expect, it } from "vitest";
import { LOCAL_ORIGIN, createLocalServer } from "@/test/local-server";
import { readRuntimeConfig } from "./runtime-config";

/** A host whose config.json is `body`. */
const serve =
  (body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
const answer =
  (body: string, init: ResponseInit): typeof fetch =>
  async () =>
    new Response(body, init);

/** A host that never answers: the request ends only when its signal aborts it. */
const neverAnswers: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));

describe("readRuntimeConfig", () => {
  it("reads the local services' config.json", async () => {
    const server = createLocalServer();
    const read = await readRuntimeConfig({ fetch: server.fetch, url: `${LOCAL_ORIGIN}/config.json` });
    expect(read).toEqual({
      status: "read",
      config: {
        traceBaseUrl: "/api/trace",
        trainingBaseUrl: "/api/training/v1",
        inferenceBaseUrl: "/api/inference/v1",
        wandbApiBaseUrl: "/api/wandb",
        localServices: true,
      },
    });
  });

  it("takes a 404 or a static host's history fallback (index.html) as a deployment without a config", async () => {
    const server = createLocalServer();
    expect(await readRuntimeConfig({ fetch: server.fetch, url: `${LOCAL_ORIGIN}/no-such-file.json` })).toEqual({
      status: "absent",
      config: { localServices: false },
    });
    const page = "<!doctype html><html><head><title>Dashboard</title></head><body><div id=root></div></body></html>";
    expect(
      (await readRuntimeConfig({ fetch: answer(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) }))
        .status,
    ).toBe("absent");
    expect(
      (
        await readRuntimeConfig({
          fetch: answer(`\n  ${page}`, { headers: { "Content-Type": "application/octet-stream" } }),
        })
      ).status,
    ).toBe("absent");
  });

  it("says why a config could not be read: HTTP status, not JSON, not an object, the network", async () => {
    const cases: [typeof fetch, string][] = [
      [answer("oops", { status: 500 }), "the server answered HTTP 500"],
      [answer("", { status: 403 }), "the server answered HTTP 403"],
      [
        answer("{traceBaseUrl:", { headers: { "Content-Type": "application/json" } }),
        "the answer is not JSON (application/json)",
      ],
      [
        answer("trace=/api/trace", { headers: { "Content-Type": "text/plain" } }),
        "the answer is not JSON (text/plain)",
      ],
      [serve(["/api/trace"]), "the answer is JSON but not a configuration object"],
      [async () => Promise.reject(new TypeError("Failed to fetch")), "the request failed (network error)"],
    ];
    for (const [fetch, reason] of cases) {
      expect(await readRuntimeConfig({ fetch })).toEqual({
        status: "failed",
        config: { localServices: false },
        reason,
      });
    }
  });

  it("gives up on a host that does not answer in time, and says so", async () => {
    const started = Date.now();
    expect(await readRuntimeConfig({ fetch: neverAnswers, timeoutMs: 50 })).toEqual({
      status: "failed",
      config: { localServices: false },
      reason: "it did not answer within 0.05 s",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("takes a request timeout within 1 s to 10 min, and ignores anything else", async () => {
    expect(await readRuntimeConfig({ fetch: serve({ requestTimeoutMs: 90_000 }) })).toMatchObject({
      status: "read",
      config: { requestTimeoutMs: 90_000 },
    });
    for (const bad of [0, 500, 700_000, 1500.5, "60000", null]) {
      const read = await readRuntimeConfig({ fetch: serve({ requestTimeoutMs: bad, localServices: true }) });
      expect(read).toEqual({ status: "read", config: { localServices: true, requestTimeoutMs: undefined } });
    }
  });
});
