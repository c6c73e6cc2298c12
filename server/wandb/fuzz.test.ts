import * as fc from "fast-check";
import { assert, describe, expect, it } from "vitest";
import { PROJECTS_QUERY, VIEWER_QUERY } from "../../contract/wandb";
import { checkProperty } from "../testing/quality/check-property";
import { hostileValue, nested } from "../testing/quality/hostile-values";
import { applyMutations, mutationsOf } from "../testing/quality/json-mutations";
import { send } from "../testing/quality/send";
import type { Answer } from "../testing/quality/error-shapes";
import { basic, createTestApp } from "../testing/test-app";

// The quality suite's fuzzing (server/testing/quality/) checks FastAPI-style services against their zod
// contract: a rejected body is a 422. The W&B API is a GraphQL server, whose oracle differs: a
// request that cannot run is a 400 `{errors: [{message}]}`, one that ran answers 200 with `data`
// (and `errors` for the fields that failed). Never a 5xx, never another shape, never a hang.

const { app } = createTestApp();
const GRAPHQL = "/api/wandb/graphql";

async function post(body: string, headers: Record<string, string> = basic()): Promise<Answer> {
  return send(app, {
    method: "POST",
    path: GRAPHQL,
    headers: { ...headers, "Content-Type": "application/json" },
    body,
  });
}

/** Checks the answer's shape and returns its status. */
function expectGraphqlAnswer(answer: Answer): number {
  const context = `${answer.status} ${answer.text.slice(0, 300)}`;
  assert.include([200, 400, 401], answer.status, context);
  assert.match(answer.contentType, /^application\/json/, context);
  const body = answer.json as { data?: unknown; errors?: { message?: unknown }[] };
  if (answer.status !== 200) {
    assert.isArray(body.errors, context);
    for (const error of body.errors ?? []) assert.isString(error.message, context);
  } else {
    assert.property(body, "data", context);
  }
  return answer.status;
}

const validBodies = [{ query: VIEWER_QUERY }, { query: PROJECTS_QUERY, variables: { entity: "demo", first: 10 } }];

describe("the W&B API's GraphQL endpoint under malformed input", { timeout: 120_000 }, () => {
  it("answers mutated bodies (any field, any type, anywhere) as GraphQL does: 200 or 400, never a 5xx", async () => {
    const cases = fc
      .tuple(fc.constantFrom(...validBodies), fc.nat())
      .chain(([base]) => mutationsOf(base).map((mutations) => applyMutations(base, mutations).body));
    const statuses = new Set<number>();
    await checkProperty(
      cases,
      async (body) => void statuses.add(expectGraphqlAnswer(await post(JSON.stringify(body)))),
      300,
    );
    // Both ways through the endpoint were taken: queries that ran and requests refused before running.
    expect([...statuses].sort()).toEqual([200, 400]);
  });

  it("takes hostile values as variables and as the query itself", async () => {
    const statuses = new Set<number>();
    await checkProperty(
      hostileValue,
      async (value) => {
        statuses.add(
          expectGraphqlAnswer(
            await post(
              JSON.stringify({ query: PROJECTS_QUERY, variables: { entity: value, first: value, after: value } }),
            ),
          ),
        );
        statuses.add(expectGraphqlAnswer(await post(JSON.stringify({ query: value }))));
      },
      200,
    );
    expect(statuses.has(400)).toBe(true);
  });

  it("refuses bodies that are not JSON objects, deep nesting, and a query nested past the schema", async () => {
    const deepJson = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const refused = [
      "",
      "null",
      "[]",
      "42",
      '"{ viewer { id } }"',
      "{",
      deepJson,
      JSON.stringify({ query: VIEWER_QUERY, variables: nested(100, "array") }),
    ];
    for (const raw of refused) assert.strictEqual(expectGraphqlAnswer(await post(raw)), 400, raw.slice(0, 40));
    const deepSelection = `{ viewer ${"{ id ".repeat(2000)}${"}".repeat(2000)} }`;
    expect(expectGraphqlAnswer(await post(JSON.stringify({ query: deepSelection })))).toBe(400);
    expect(
      expectGraphqlAnswer(
        await post(JSON.stringify({ query: VIEWER_QUERY }), { Authorization: `Basic ${"%".repeat(10_000)}` }),
      ),
    ).toBe(401);
  });
});
