/**
 * Reads started before the code that would make them has arrived (boot.ts starts the first page's
 * data request this way), kept for that code: http.ts takes the response instead of asking again,
 * but only for the very same request (method, address, every header with its value, and body). A
 * read is a GET, or a POST with a JSON body: the annotation queue service's queries are POSTs
 * (`/annotation_queues/query`, `/calls/stream_query`). A request made on a guess that turned out
 * wrong is never adopted: it costs one request and nothing else.
 */

/** Older than this, a preloaded response is not adopted (the data may have changed since). */
export const PRELOAD_MAX_AGE_MS = 10_000;

type Preloaded = { request: string; startedAt: number; response: Promise<Response> };

const preloaded: Preloaded[] = [];

/**
 * Starts the read of `url` with `headers` now, for takePreloadedResponse to hand over later: a GET,
 * or a POST of `body` (JSON text) when one is given. The promise is for a read that needs this
 * one's answer: it may read a `clone()` of the response, never the response itself.
 */
export function preloadResponse(url: string, headers: Headers, body?: string): Promise<Response> {
  const init: RequestInit = body === undefined ? { method: "GET", headers } : { method: "POST", headers, body };
  const response = globalThis.fetch(url, init);
  // Unhandled if never taken: its failure is the adopting caller's to report, or nobody's.
  response.catch(() => undefined);
  preloaded.push({ request: requestIdentity(url, headers, body), startedAt: performance.now(), response });
  return response;
}

/**
 * The preloaded response of exactly this read (a GET, or a POST of `body`), once (a second identical
 * request is a new one), or undefined. Its body can be read once, by the caller.
 */
export function takePreloadedResponse(url: string, headers: Headers, body?: string): Promise<Response> | undefined {
  const now = performance.now();
  const wanted = requestIdentity(url, headers, body);
  const index = preloaded.findIndex((entry) => entry.request === wanted && now - entry.startedAt <= PRELOAD_MAX_AGE_MS);
  if (index === -1) return undefined;
  const [entry] = preloaded.splice(index, 1);
  return entry?.response;
}

/** For tests: forget every preloaded response. */
export function clearPreloadedResponses(): void {
  preloaded.length = 0;
}

/** Headers iterate sorted, with lower-case names: one string compares whole requests. */
function requestIdentity(url: string, headers: Headers, body: string | undefined): string {
  return JSON.stringify([body === undefined ? "GET" : "POST", url, [...headers], body ?? null]);
}
