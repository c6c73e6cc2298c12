import type { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { Answer } from "./error-shapes";

/** No request of the quality suite may take longer than this: a slower one counts as a hang. */
export const REQUEST_DEADLINE_MS = 3000;

/** Rejects with a clear message when `promise` has not settled within `ms`. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent exactly as given: a string (UTF-8) or bytes. */
  body?: string | Uint8Array<ArrayBuffer>;
};

/** The answer's text parsed as JSON, or undefined when it is not JSON. */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends a request to the app in-process, reads the whole answer, and fails on a hang. */
export async function send(app: Hono<AppEnv>, request: RawRequest): Promise<Answer> {
  const what = `${request.method} ${request.path.slice(0, 200)}`;
  return withDeadline(
    (async () => {
      const response = await app.request(request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      const text = await response.text();
      return {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        text,
        json: jsonOrUndefined(text),
      };
    })(),
    REQUEST_DEADLINE_MS,
    what,
  );
}
