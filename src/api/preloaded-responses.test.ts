import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearPreloadedResponses,
  preloadResponse,
  PRELOAD_MAX_AGE_MS,
  takePreloadedResponse,
} from "./preloaded-responses";

const URL = "http://127.0.0.1:4500/api/inference/v1/models";
const headers = (extra: Record<string, string> = {}) =>
  new Headers({ Accept: "application/json", Authorization: "Bearer k", ...extra });

function stubFetch() {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ ok: true }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("preloaded responses", () => {
  afterEach(() => {
    clearPreloadedResponses();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("hands the response to the identical request, once", async () => {
    const fetch = stubFetch();
    preloadResponse(URL, headers());
    expect(fetch).toHaveBeenCalledWith(URL, { method: "GET", headers: headers() });
    // Header names differ in case and order only: the same request.
    const taken = takePreloadedResponse(URL, new Headers({ authorization: "Bearer k", accept: "application/json" }));
    expect(await (await taken)?.json()).toEqual({ ok: true });
    expect(takePreloadedResponse(URL, headers())).toBeUndefined();
  });

  it("keeps it from a request that differs in address or in any header", () => {
    stubFetch();
    preloadResponse(URL, headers());
    expect(takePreloadedResponse(`${URL}?limit=1`, headers())).toBeUndefined();
    expect(takePreloadedResponse(URL, headers({ Authorization: "Bearer other" }))).toBeUndefined();
    expect(takePreloadedResponse(URL, headers({ "OpenAI-Project": "team/p" }))).toBeUndefined();
    expect(takePreloadedResponse(URL, new Headers({ Authorization: "Bearer k" }))).toBeUndefined();
    // Still there for the request it was made for.
    expect(takePreloadedResponse(URL, headers())).toBeDefined();
  });

  it("does not hand over a response older than PRELOAD_MAX_AGE_MS", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    stubFetch();
    preloadResponse(URL, headers());
    vi.advanceTimersByTime(PRELOAD_MAX_AGE_MS + 1);
    expect(takePreloadedResponse(URL, headers())).toBeUndefined();
  });

  it("leaves a failed request's error to the caller that takes it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof globalThis.fetch>(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    preloadResponse(URL, headers());
    await expect(takePreloadedResponse(URL, headers())).rejects.toThrow("Failed to fetch");
  });
});
