import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_KEY_STORAGE_KEY, KEY_ADDRESSES_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { keyFingerprint } from "@/api/auth";

const MODELS = {
  object: "list",
  data: [{ id: "openai/gpt-oss-20b", object: "model", created: 0, owned_by: "system" }],
};

/** The local services' answers, and every address asked for (`config`: how /config.json answers). */
function stubServices(config: "ok" | "failing" = "ok") {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
      asked.push(url.pathname);
      if (url.pathname === "/config.json") {
        return config === "ok"
          ? Response.json({ inferenceBaseUrl: "/api/inference/v1", localServices: true })
          : new Response("Bad gateway", { status: 502 });
      }
      asked[asked.length - 1] = url.origin === window.location.origin ? url.pathname : url.href;
      return Response.json(MODELS);
    }),
  );
  return asked;
}

/** A fresh page: modules (and their one-per-page state) loaded anew. */
async function freshPage() {
  vi.resetModules();
  const { preloadFirstPageRequest: preloadFor } = await import("./first-page-request");
  const { pageAt } = await import("./pages");
  /** What boot.ts does for the page at `pathname` (none for undefined). */
  const preloadFirstPageRequest = (pathname: string | undefined) =>
    preloadFor(pathname === undefined ? undefined : pageAt(pathname));
  const { loadRuntimeConfigOnce } = await import("@/connection/runtime-config");
  const { createSettingsStore } = await import("@/connection/settings-store");
  const { resolveDefaultUrls } = await import("@/connection/settings-defaults");
  const { createApiClients } = await import("@/api/clients");
  /** The catalog's own request, made the way the app makes it (main.tsx, api-clients.tsx). */
  const listModelsAsTheAppDoes = async () => {
    const { config, status } = await loadRuntimeConfigOnce();
    const store = createSettingsStore({
      defaults: resolveDefaultUrls(config, import.meta.env, window.location.origin),
      configStatus: status,
    });
    return createApiClients(store.getSnapshot().connection).inference.listModels();
  };
  return { preloadFirstPageRequest, listModelsAsTheAppDoes };
}

describe("the first page's request, started by boot.ts", () => {
  beforeEach(() => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "demo/support-bot", keyStorage: "local" }),
    );
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("is the catalog's own request: the app's inference client takes its answer instead of asking again", async () => {
    const asked = stubServices();
    const page = await freshPage();
    await page.preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json", "/api/inference/v1/models"]);
    expect(await page.listModelsAsTheAppDoes()).toEqual(MODELS);
    // The config once (shared with main.tsx), the models once.
    expect(asked).toEqual(["/config.json", "/api/inference/v1/models"]);
  });

  it("is not taken by a request that differs (here the project changed in between): that one is sent", async () => {
    const asked = stubServices();
    const page = await freshPage();
    await page.preloadFirstPageRequest("/models");
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "demo/other", keyStorage: "local" }),
    );
    expect(await page.listModelsAsTheAppDoes()).toEqual(MODELS);
    expect(asked.filter((path) => path.endsWith("/models"))).toHaveLength(2);
  });

  it("matches the client's request without a project too (no project header)", async () => {
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "", keyStorage: "local" }),
    );
    const asked = stubServices();
    const page = await freshPage();
    await page.preloadFirstPageRequest("/models");
    expect(await page.listModelsAsTheAppDoes()).toEqual(MODELS);
    expect(asked).toEqual(["/config.json", "/api/inference/v1/models"]);
  });

  it("sends nothing, and the key nowhere, when the stored address is not one the client would use", async () => {
    const askedPerAddress: Record<string, string[]> = {};
    for (const inferenceBaseUrl of ["   ", "ftp://models.example", "https://"]) {
      localStorage.setItem(
        PREFERENCES_STORAGE_KEY,
        JSON.stringify({ inferenceBaseUrl, annotationProject: "", inferenceProject: "", keyStorage: "local" }),
      );
      askedPerAddress[inferenceBaseUrl] = stubServices();
      await (await freshPage()).preloadFirstPageRequest("/models");
    }
    expect(askedPerAddress).toEqual({
      "   ": ["/config.json"],
      "ftp://models.example": ["/config.json"],
      "https://": ["/config.json"],
    });
  });

  it("is not made without a key, nor for a page that has none", async () => {
    localStorage.removeItem(API_KEY_STORAGE_KEY);
    const asked = stubServices();
    await (await freshPage()).preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json"]);
    const askedElsewhere = stubServices();
    await (await freshPage()).preloadFirstPageRequest("/settings");
    await (await freshPage()).preloadFirstPageRequest(undefined);
    expect(askedElsewhere).toEqual([]);
  });

  it("is not made with a key stored without its addresses when /config.json failed (the addresses in use are a fallback)", async () => {
    const asked = stubServices("failing");
    await (await freshPage()).preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json"]);
  });

  it("goes to the addresses saved with the key when /config.json failed", async () => {
    const origin = window.location.origin;
    const addresses = {
      traceBaseUrl: `${origin}/t`,
      trainingBaseUrl: `${origin}/tr/v1`,
      inferenceBaseUrl: `${origin}/saved/inference/v1`,
      wandbApiBaseUrl: `${origin}/w`,
    };
    localStorage.setItem(
      KEY_ADDRESSES_STORAGE_KEY,
      JSON.stringify({ key: keyFingerprint("local-demo-key"), ...addresses }),
    );
    const asked = stubServices("failing");
    await (await freshPage()).preloadFirstPageRequest("/models");
    expect(asked).toEqual(["/config.json", "/saved/inference/v1/models"]);
  });
});
