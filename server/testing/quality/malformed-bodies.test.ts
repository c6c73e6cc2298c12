import { assert, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { MAX_JSON_DEPTH } from "../../http/json-body";
import { ENDPOINTS, endpointName, type Endpoint } from "./endpoints";
import { expectServiceError, validationLocs, type Answer } from "./error-shapes";
import { checkProperty } from "./check-property";
import { depthOf } from "./hostile-values";
import { applyMutations, mutationsOf, nodesOf, related, type JsonPath, type Mutation } from "./json-mutations";
import { createQualityApp, sendBody as sendQualityBody } from "./quality-app";

// Random and systematic breakage of every JSON body of the three services. The schema (the
// contract) is the oracle: whatever it rejects must be a 422 naming the broken field; whatever it
// accepts must not be a 422; nothing may be a 5xx, hang, or leave the app unable to serve.

type Ctx = Awaited<ReturnType<typeof createQualityApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createQualityApp();
});

const BODY_ENDPOINTS = ENDPOINTS.filter((e) => e.body);

const sendBody = (endpoint: Endpoint, body: unknown): Promise<Answer> =>
  sendQualityBody(ctx.app, ctx.fixtures, endpoint, body);

/** False for a string holding half a surrogate pair (JSON's `\\ud800` escapes can express one). */
function isUnicode(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** What the contract says of `body`, and the check of the answer that follows. Returns whether it was invalid. */
function expectAnswerFollowsContract(
  endpoint: Endpoint,
  body: unknown,
  touched: readonly JsonPath[],
  answer: Answer,
): boolean {
  // What reaches the server is the JSON text: NaN becomes null, -0 becomes 0, and so on.
  const sent: unknown = JSON.parse(JSON.stringify(body));
  const shown = `${JSON.stringify(sent).slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  if (depthOf(sent) > MAX_JSON_DEPTH) {
    assert.strictEqual(answer.status, 400, `too deep: ${shown}`);
    expectServiceError(answer, endpoint.service);
    return true;
  }
  // Half a surrogate pair is not text: a 422 on that very string (or property name), whatever the schema.
  const broken = nodesOf(sent)
    .filter(({ path, value }) => [path.at(-1), value].some((part) => typeof part === "string" && !isUnicode(part)))
    .map(({ path }) => JSON.stringify(["body", ...path]));
  if (broken.length > 0) {
    assert.strictEqual(answer.status, 422, `half a surrogate pair: ${shown}`);
    expectServiceError(answer, endpoint.service, ["body"]);
    assert.include(broken, JSON.stringify(validationLocs(answer)[0]), shown);
    return true;
  }
  if (z.safeParse(endpoint.body!.schema, sent).success) {
    assert.notStrictEqual(answer.status, 422, `the contract accepts ${shown}`);
    assert.isBelow(answer.status, 500, shown);
    if (answer.status >= 400) expectServiceError(answer, endpoint.service);
    return false;
  }
  assert.strictEqual(answer.status, 422, `the contract rejects ${shown}`);
  expectServiceError(answer, endpoint.service, ["body"]);
  // Some entry names what was broken (a union may add its other branches' complaints, as pydantic does).
  const locs = validationLocs(answer);
  assert.isTrue(
    locs.some((loc) => touched.some((path) => related(loc.slice(1), path))),
    `422 names ${JSON.stringify(locs)}, none of which the changes ${JSON.stringify(touched)} touched`,
  );
  return true;
}

/**
 * Each field of the valid body broken on its own (wrong types, deleted, an unknown field added):
 * every answer follows the contract. Returns how many cases there were and how many the contract refuses.
 */
async function sweepOneAtATime(app: Ctx, endpoint: Endpoint): Promise<{ cases: number; invalid: number }> {
  const valid = endpoint.body!.valid(app.fixtures);
  const wrongValues: unknown[] = [null, 12345, -0.5, "text", true, [], {}, ["x"]];
  const cases: Mutation[] = [];
  for (const node of nodesOf(valid)) {
    for (const value of wrongValues) cases.push({ kind: "replace", path: node.path, value });
    if (typeof node.path.at(-1) === "string") cases.push({ kind: "delete", path: node.path });
    if (node.value !== null && typeof node.value === "object" && !Array.isArray(node.value)) {
      cases.push({ kind: "add", path: node.path, key: "unexpected_field", value: 1 });
    }
  }
  let invalid = 0;
  for (const mutation of cases) {
    const { body, touched } = applyMutations(valid, [mutation]);
    if (
      expectAnswerFollowsContract(endpoint, body, touched, await sendQualityBody(app.app, app.fixtures, endpoint, body))
    )
      invalid += 1;
  }
  await app.expectStillServing();
  return { cases: cases.length, invalid };
}

describe.each(BODY_ENDPOINTS.map((e) => [endpointName(e), e] as const))(
  "malformed JSON bodies: %s",
  (_name, endpoint) => {
    it("answers the valid body with 200 (the sweeps start from a real request)", async () => {
      const answer = await sendBody(endpoint, endpoint.body!.valid(ctx.fixtures));
      assert.strictEqual(answer.status, 200, answer.text.slice(0, 300));
    });

    it(
      "wrong types, missing and unknown fields, one at a time: 422 naming the field",
      { timeout: 20_000 },
      async () => {
        const { cases, invalid } = await sweepOneAtATime(ctx, endpoint);
        // A sweep that breaks nothing tests nothing (some schemas are loose by design: a training job's
        // trajectories are checked by the job itself, so changes inside them are accepted).
        expect(invalid).toBeGreaterThanOrEqual(cases / 4);
      },
    );

    it(
      "random hostile changes (long strings, huge numbers, deep nesting, odd keys): never a 5xx or a hang",
      { timeout: 20_000 },
      async () => {
        const valid = endpoint.body!.valid(ctx.fixtures);
        let runs = 0;
        let invalid = 0;
        await checkProperty(
          mutationsOf(valid),
          async (mutations) => {
            const { body, touched } = applyMutations(valid, mutations);
            runs += 1;
            if (expectAnswerFollowsContract(endpoint, body, touched, await sendBody(endpoint, body))) invalid += 1;
          },
          30,
        );
        await ctx.expectStillServing();
        expect(invalid).toBeGreaterThanOrEqual(runs / 4);
      },
    );
  },
);

// The bulk uploads (an RL job's and a log's trajectories; a trace table's rows and updates) are
// checked in a worker thread from 1 MiB on. Here every body goes that way, so the worker's
// answers are held to the same contract.
describe("malformed JSON bodies through the bulk-upload worker", () => {
  let workerCtx: Ctx;
  beforeAll(async () => {
    workerCtx = await createQualityApp({ bulkOffThreadBytes: 0 });
  });
  const BULK_ROUTES = [
    "/api/training/v1/preview/models/:modelId/log",
    "/api/training/v1/preview/training-jobs",
    "/api/trace/table/create",
    "/api/trace/table/create_from_digests",
    "/api/trace/table/update",
  ];
  const BULK_ENDPOINTS = BODY_ENDPOINTS.filter((e) => BULK_ROUTES.includes(e.route));

  it("covers every JSON upload the worker prepares", () => {
    expect(BULK_ENDPOINTS.map((e) => e.route).toSorted()).toEqual(BULK_ROUTES.toSorted());
  });

  it.each(BULK_ENDPOINTS.map((e) => [endpointName(e), e] as const))(
    "%s: one field broken at a time, answered as on the event loop",
    { timeout: 30_000 },
    async (_name, endpoint) => {
      const { cases, invalid } = await sweepOneAtATime(workerCtx, endpoint);
      // A sweep that breaks nothing tests nothing (some schemas are loose by design: a training job's
      // trajectories are checked by the job itself, so changes inside them are accepted).
      expect(invalid).toBeGreaterThanOrEqual(cases / 4);
    },
  );
});
