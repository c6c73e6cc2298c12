import { beforeEach, describe, expect, it } from "vitest";
import { INFERENCE_MODEL_IDS } from "@server/inference/catalog";
import { ACME_KEY } from "@server/testing/test-app";
import { createLocalServer } from "@/test/local-server";
import { createApiClients } from "./clients";
import type { ConnectionSettings } from "./connection";
import { checkConnection, KEY_PROBE_PROJECT } from "./connection-check";
import { KEY_PROBE_MODEL } from "./training";
import { isApiError } from "./errors";
import { hangingFetch } from "./test-support";

let server: ReturnType<typeof createLocalServer>;

beforeEach(() => {
  server = createLocalServer();
});

const check = (settings: ConnectionSettings, fetchImpl: typeof fetch = server.fetch, signal?: AbortSignal) =>
  checkConnection(createApiClients(settings, { fetch: fetchImpl }), settings, signal);

describe("checkConnection against the local services", () => {
  it("reports every service ok with the demo key", async () => {
    const result = await check(server.settings);
    expect(result).toEqual({
      trace: { status: "ok", message: expect.stringContaining("Key accepted; project demo/support-bot") },
      training: { status: "ok", message: "Key accepted; all system checks pass." },
      inference: { status: "ok", message: `${INFERENCE_MODEL_IDS.length} models available.` },
      wandb: { status: "ok", message: "Signed in as demo." },
    });
    const trace = server.requests.find((r) => r.url.endsWith("/annotation_queues/query"));
    expect(await trace?.json()).toEqual({ project_id: "demo/support-bot", limit: 1 });
  });

  it("reports a wrong key as rejected by each service", async () => {
    const result = await check({ ...server.settings, apiKey: "wrong" });
    expect(result.trace).toMatchObject({
      status: "rejected",
      message: "The annotation queue service rejected the API key (401).",
    });
    expect(result.training).toMatchObject({
      status: "rejected",
      message: "The training service rejected the API key (401).",
    });
    expect(result.inference).toMatchObject({
      status: "rejected",
      message: "The inference service rejected the API key (401).",
    });
    expect(result.wandb).toMatchObject({ status: "rejected", message: "The W&B API rejected the API key (401)." });
    expect(result.trace.hint).toContain("API key");
  });

  it("reports another entity's annotation project as forbidden while the key works elsewhere", async () => {
    const result = await check({ ...server.settings, apiKey: ACME_KEY });
    expect(result.trace.status).toBe("forbidden");
    expect(result.trace.message).toContain("The annotation queue service denied access (403)");
    expect(result.training.status).toBe("ok");
    expect(result.inference.status).toBe("ok");
  });

  it("proves the trace key with a harmless read when no annotation project is chosen", async () => {
    const result = await check({ ...server.settings, annotationProject: "" });
    expect(result.trace).toEqual({
      status: "ok",
      message: "Key accepted. Choose an annotation project to list its queues.",
    });
    const probe = server.requests.find((r) => r.url.includes("/annotation_queues/"));
    expect(await probe?.json()).toEqual({ project_id: KEY_PROBE_PROJECT, limit: 1 });
    // The probe still tells a bad key apart.
    const wrong = await check({ ...server.settings, annotationProject: "", apiKey: "wrong" });
    expect(wrong.trace.status).toBe("rejected");
  });

  it("proves the training key with a keyed read, since the system check takes none: 404 accepted, 401 or 403 rejected", async () => {
    await check(server.settings);
    const probe = server.requests.find((r) => r.url.includes("/preview/models/"));
    expect(probe?.url).toContain(`/preview/models/${KEY_PROBE_MODEL}/checkpoints`);
    const forbidding: typeof fetch = async (input, init) =>
      new Request(input, init).url.includes("/preview/models/")
        ? Response.json({ detail: "Forbidden" }, { status: 403 })
        : server.fetch(input, init);
    const refused = await check(server.settings, forbidding);
    expect(refused.training).toMatchObject({ status: "rejected", message: expect.stringContaining("403") });
  });

  it("reports a degraded training service as reachable, naming the failing check", async () => {
    await server.runner.stop();
    const result = await check(server.settings);
    expect(result.training).toEqual({
      status: "ok",
      message: "Key accepted; degraded: gpu_queue (Job runner stopped).",
    });
  });

  it("reports unreachable services with the CORS and proxy hint", async () => {
    const away: ConnectionSettings = {
      ...server.settings,
      traceBaseUrl: "https://trace.unreachable.example",
      trainingBaseUrl: "https://training.unreachable.example/v1",
      inferenceBaseUrl: "https://inference.unreachable.example/v1",
    };
    const result = await check(away);
    for (const service of ["trace", "training", "inference"] as const) {
      expect(result[service].status).toBe("unreachable");
      expect(result[service].hint).toContain("CORS");
    }
    expect(result.training.message).toBe("Could not reach the training service.");
  });

  it("reports a missing key as an error without calling any service", async () => {
    const result = await check({ ...server.settings, apiKey: "" });
    for (const service of ["trace", "training", "inference"] as const) {
      expect(result[service].status).toBe("error");
      expect(result[service].message).toContain("No API key is set");
    }
    expect(server.requests).toHaveLength(0);
  });

  it("checks the four services at the same time", async () => {
    const arrived: string[] = [];
    let openGate: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    // No service answers until each has been asked (the training check asks twice: the key probe
    // and the system check): a sequential check would stall.
    const gated: typeof fetch = async (input, init) => {
      arrived.push(new Request(input, init).url);
      if (arrived.length === 5) openGate?.();
      await gate;
      return server.fetch(input, init);
    };
    const result = await check(server.settings, gated);
    expect(arrived).toHaveLength(5);
    expect(Object.values(result).map((r) => r.status)).toEqual(["ok", "ok", "ok", "ok"]);
  });

  it("rejects with the abort reason when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = check(server.settings, hangingFetch, controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isApiError(error)).toBe(false);
    expect(error).toBe(controller.signal.reason);
  });
});
