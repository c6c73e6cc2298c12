import { assert, expect } from "vitest";
import * as z from "zod/mini";
import { ItemsQueryResponse } from "../../../contract/trace";
import { basic, bearer, createTestApp } from "../test-app";
import type { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import type { Endpoint, ServiceName } from "./endpoints";
import type { Answer } from "./error-shapes";
import { createFixtures, TRACE, type Fixtures } from "./fixtures";
import { send } from "./send";

export const UNLIMITED_JOBS = Number.MAX_SAFE_INTEGER;

/** The key in the form each service's real clients send it (the trace SDK uses Basic). */
export function authFor(service: ServiceName): Record<string, string> {
  return service === "trace" ? basic() : bearer();
}

/** `body` as JSON to a valid path of `endpoint`, with the key in its service's form. */
export async function sendBody(
  app: Hono<AppEnv>,
  fixtures: Fixtures,
  endpoint: Endpoint,
  body: unknown,
): Promise<Answer> {
  return send(app, {
    method: endpoint.method,
    path: await endpoint.path(fixtures),
    headers: { ...authFor(endpoint.service), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * The test app with the quality fixtures, and a canary: an ordinary request that must still get
 * its ordinary answer after any amount of malformed input.
 */
export async function createQualityApp(options: { bulkOffThreadBytes?: number } = {}) {
  // The suite queues thousands of jobs and never runs them; the job quota has its own test (quotas.test.ts).
  const testApp = createTestApp({ activeJobsPerEntity: UNLIMITED_JOBS, ...options });
  const fixtures = await createFixtures(testApp.app, testApp.db);
  async function expectStillServing(): Promise<void> {
    const answer = await send(testApp.app, {
      method: "POST",
      path: `${TRACE}/annotation_queues/${fixtures.queueId}/items/query`,
      headers: { ...authFor("trace"), "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: fixtures.projectId, limit: 100 }),
    });
    assert.strictEqual(answer.status, 200, answer.text);
    expect(z.parse(ItemsQueryResponse, answer.json).items.map((i) => i.id)).toEqual(fixtures.itemIds);
  }
  return { ...testApp, fixtures, expectStillServing };
}
