import { assert, expect } from "vitest";
import * as z from "zod/mini";
import { ItemsQueryResponse } from "../../contract/trace";
import { basic, bearer, createTestApp } from "../testing/test-app";
import type { ServiceName } from "./endpoints";
import { createFixtures, TRACE } from "./fixtures";
import { send } from "./send";

/** The key in the form each service's real clients send it (the trace SDK uses Basic). */
export function authFor(service: ServiceName): Record<string, string> {
  return service === "trace" ? basic() : bearer();
}

/**
 * The test app with the quality fixtures, and a canary: an ordinary request that must still get
 * its ordinary answer after any amount of malformed input.
 */
export async function createQualityApp() {
  const testApp = createTestApp();
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
