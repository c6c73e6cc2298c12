/**
 * GET requests started before the code that would make them has arrived (boot.ts starts the first
 * page's data request this way), kept for that code: http.ts takes the response instead of asking
 * again, but only for the very same request (address, and every header with its value). A request
 * made on a guess that turned out wrong is never adopted: it costs one request and nothing else.
 */

/** Older than this, a preloaded response is not adopted (the data may have changed since). */
export const PRELOAD_MAX_AGE_MS = 10_000;

type Preloaded = { url: string; headers: string; startedAt: number; response: Promise<Response> };

const preloaded: Preloaded[] = [];

/** Starts a GET of `url` with `headers` now, for takePreloadedResponse to hand over later. */
export function preloadResponse(url: string, headers: Headers): void {
  const response = globalThis.fetch(url, { method: "GET", headers });
  // Unhandled if never taken: its failure is the adopting caller's to report, or nobody's.
  response.catch(() => undefined);
  preloaded.push({ url, headers: headerList(headers), startedAt: performance.now(), response });
}

/**
 * The preloaded response of exactly this GET, once (a second identical request is a new one), or
 * undefined. Its body can be read once, by the caller.
 */
export function takePreloadedResponse(url: string, headers: Headers): Promise<Response> | undefined {
  const now = performance.now();
  const wanted = headerList(headers);
  const index = preloaded.findIndex(
    (entry) => entry.url === url && entry.headers === wanted && now - entry.startedAt <= PRELOAD_MAX_AGE_MS,
  );
  if (index === -1) return undefined;
  const [entry] = preloaded.splice(index, 1);
  return entry?.response;
}

/** For tests: forget every preloaded response. */
export function clearPreloadedResponses(): void {
  preloaded.length = 0;
}

/** Headers iterate sorted, with lower-case names: one string compares them whole. */
function headerList(headers: Headers): string {
  return JSON.stringify([...headers]);
}
