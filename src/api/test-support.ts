/**
 * Helpers for this module's tests (web APIs only, so the app's typecheck accepts them; nothing
 * in the app imports this file). They build byte streams by hand and inject transport faults
 * in front of the real local services; they never invent a service's answer to a valid call.
 */
import { isApiError, type ApiError } from "./errors";

/** A body stream that delivers `parts` as separate chunks and records whether it was cancelled. */
export function chunkedStream(
  parts: readonly (string | Uint8Array)[],
): ReadableStream<Uint8Array> & { cancelled: () => boolean } {
  const encoder = new TextEncoder();
  let index = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[index++];
      if (part === undefined) controller.close();
      else controller.enqueue(typeof part === "string" ? encoder.encode(part) : part);
    },
    cancel() {
      cancelled = true;
    },
  });
  return Object.assign(stream, { cancelled: () => cancelled });
}

/** A stream that sends `first` and then nothing, until cancelled. */
export function stalledStream(first: string): ReadableStream<Uint8Array> & { cancelled: () => boolean } {
  let sent = false;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return new Promise<void>(() => undefined);
      sent = true;
      controller.enqueue(new TextEncoder().encode(first));
      return undefined;
    },
    cancel() {
      cancelled = true;
    },
  });
  return Object.assign(stream, { cancelled: () => cancelled });
}

/** Every way to cut `bytes` in two, as chunk lists. */
export function everySplit(bytes: Uint8Array): Uint8Array[][] {
  const splits: Uint8Array[][] = [];
  for (let i = 0; i <= bytes.length; i++) splits.push([bytes.slice(0, i), bytes.slice(i)]);
  return splits;
}

export function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

/** A fetch that fails like a dead network or a CORS refusal: TypeError, no response. */
export const offlineFetch: typeof fetch = () => Promise.reject(new TypeError("Failed to fetch"));

/** A fetch that never answers and ignores its signal (the deadline must still end the call). */
export const hangingFetch: typeof fetch = () => new Promise<Response>(() => undefined);

/** Passes the request to `inner`, then lets `edit` change the real response (fault injection). */
export function editResponses(
  inner: typeof fetch,
  edit: (response: Response, request: Request) => Response | Promise<Response>,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    return edit(await inner(request.clone()), request);
  };
}

/** The ApiError a call rejects with; fails the test when it resolves or throws something else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

export type SeenRequest = { path: string; body: string };

/**
 * Records every request a fetch wrapped by `wrap` sends (its path and body text) before passing it
 * on: for tests that count what a page reads. `callReads()` lists the call ids read with /call/read.
 */
export function recordRequests() {
  const seen: SeenRequest[] = [];
  const wrap =
    (inner: typeof fetch): typeof fetch =>
    async (input, init) => {
      const request = new Request(input, init);
      seen.push({ path: new URL(request.url).pathname, body: await request.clone().text() });
      return inner(request);
    };
  const callReads = () =>
    seen.filter((r) => r.path.endsWith("/call/read")).map((r) => (JSON.parse(r.body) as { id: string }).id);
  return { seen, wrap, callReads };
}

/**
 * A gate that requests can be made to wait at, so a test sees one in flight: `hold()` closes it
 * and returns the function that opens it again; `pass()` waits while it is closed.
 */
export function requestGate() {
  let gate: Promise<void> | null = null;
  return {
    pass: async () => {
      if (gate) await gate;
    },
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = null;
        open();
      };
    },
  };
}
