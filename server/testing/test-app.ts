import { createApp, type AppOptions } from "../app";
import { DEMO_USERS } from "../auth/users";
import { createJobRunner } from "../training/job-runner";
import { openTestDatabase } from "./test-database";

export const DEMO_KEY = DEMO_USERS[0].apiKey;
export const ACME_KEY = DEMO_USERS[1].apiKey;

/**
 * The local services over a fresh in-memory database with the demo users, for tests. The job
 * runner has no timer: a test advances jobs with `runner.tick()`. `largeDatabase`: one that may
 * grow past 1 GiB (see openTestDatabase), for benchmarks.
 */
export function createTestApp({
  largeDatabase = false,
  ...options
}: Partial<Omit<AppOptions, "db" | "runner">> & { largeDatabase?: boolean } = {}) {
  const db = openTestDatabase({ users: true, large: largeDatabase });
  const runner = createJobRunner(db, { stepMs: 0 });
  // With no timer, start() only marks the runner as working (the gpu_queue check).
  runner.start();
  const app = createApp({ db, runner, chatTokenDelayMs: 0, ...options });
  return { app, db, runner };
}

export type TestApp = ReturnType<typeof createTestApp>;

export const bearer = (key: string = DEMO_KEY) => ({ Authorization: `Bearer ${key}` });
export const basic = (key: string = DEMO_KEY) => ({
  Authorization: `Basic ${Buffer.from(`api:${key}`).toString("base64")}`,
});

/** JSON request against the app; returns status, parsed body (or text) and headers. */
export async function call(
  app: TestApp["app"],
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (NDJSON, SSE, HTML): the caller reads `text`
  }
  // oxlint-disable-next-line typescript/no-explicit-any -- test helper: each test asserts the shape it expects
  return { status: response.status, json: json as any, text, headers: response.headers };
}
