import * as fc from "fast-check";
import { assert, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { checkProperty } from "./check-property";
import { ENDPOINTS, endpointName, type Endpoint } from "./endpoints";
import { expectServiceError, validationLocs } from "./error-shapes";
import { hostileQueryValue, unknownKey } from "./hostile-values";
import { authFor, createQualityApp } from "./quality-app";
import { send, type RawRequest } from "./send";

// Query strings, path segments and Authorization headers that no client should send. The query
// schema is the oracle where an endpoint has one; elsewhere junk must not change the answer.

type Ctx = Awaited<ReturnType<typeof createQualityApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createQualityApp();
});

type Pair = [string, string];

async function validRequest(endpoint: Endpoint, query: string): Promise<RawRequest> {
  const body = endpoint.body ? JSON.stringify(endpoint.body.valid(ctx.fixtures)) : undefined;
  return {
    method: endpoint.method,
    path: `${await endpoint.path(ctx.fixtures)}${query}`,
    headers: {
      ...(endpoint.auth ? authFor(endpoint.service) : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    ...(body ? { body } : {}),
  };
}

const basicOf = (s: string) => `Basic ${Buffer.from(s).toString("base64")}`;

const encodeQuery = (pairs: readonly Pair[]) =>
  pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;

/** Pairs built from the valid query: values replaced, keys dropped, unknown keys added, keys repeated. */
function queryPairs(endpoint: Endpoint): fc.Arbitrary<Pair[]> {
  const valid = Object.entries(endpoint.query!.valid(ctx.fixtures));
  const keys = [...new Set([...valid.map(([k]) => k), ...Object.keys(endpoint.query!.schema.shape)])];
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...keys), unknownKey), hostileQueryValue);
  return fc
    .tuple(fc.subarray(valid), fc.array(pair, { maxLength: 4 }), fc.boolean())
    .map(([kept, extra, extraFirst]) => (extraFirst ? [...extra, ...kept] : [...kept, ...extra]));
}

const QUERY_ENDPOINTS = ENDPOINTS.filter((e) => e.query).map((e) => [endpointName(e), e] as const);

describe.each(QUERY_ENDPOINTS)("malformed query strings: %s", (_name, endpoint) => {
  it(
    "follows the contract: 422 naming a query parameter when it rejects, never a 5xx",
    { timeout: 20_000 },
    async () => {
      let invalid = 0;
      let runs = 0;
      await checkProperty(
        queryPairs(endpoint),
        async (pairs) => {
          runs += 1;
          const answer = await send(ctx.app, await validRequest(endpoint, encodeQuery(pairs)));
          const seen: Record<string, string> = {};
          // The server reads each key once, the first occurrence; a parameter without a name is no parameter.
          for (const [k, v] of pairs)
            if (k !== "" && !Object.hasOwn(seen, k)) Object.defineProperty(seen, k, { value: v, enumerable: true });
          if (z.safeParse(endpoint.query!.schema, seen).success) {
            assert.notStrictEqual(answer.status, 422, answer.text.slice(0, 300));
            assert.isBelow(answer.status, 500, answer.text.slice(0, 300));
            if (answer.status >= 400) expectServiceError(answer, endpoint.service);
            return;
          }
          invalid += 1;
          assert.strictEqual(answer.status, 422, `${encodeQuery(pairs).slice(0, 300)}: ${answer.text.slice(0, 300)}`);
          expectServiceError(answer, endpoint.service, ["query"]);
          for (const loc of validationLocs(answer)) expect(loc.length).toBeGreaterThanOrEqual(2);
          await ctx.expectStillServing();
        },
        80,
      );
      expect(invalid).toBeGreaterThanOrEqual(runs / 4);
    },
  );
});

describe("junk that every endpoint must shrug off", () => {
  const table = ENDPOINTS.map((e) => [endpointName(e), e] as const);
  const junkQueries = [
    "?",
    "?&&&",
    "?=",
    "?%",
    "?%zz=1",
    "?a=%E0%A4%A",
    "?a=%FF%FE",
    "?__proto__=1&constructor=2",
    `?x=${"y".repeat(8000)}`,
    "?a=1&a=2&a=3",
  ];

  it.each(table)(
    "%s: a junk query string on a valid request changes nothing it does not read",
    async (_name, endpoint) => {
      for (const query of junkQueries) {
        const answer = await send(ctx.app, await validRequest(endpoint, query));
        // Endpoints with a strict query schema reject unknown parameters; all others ignore them.
        assert.include(endpoint.query ? [200, 422] : [200], answer.status, `${query}: ${answer.text.slice(0, 200)}`);
        if (answer.status === 422) expectServiceError(answer, endpoint.service, ["query"]);
      }
      await ctx.expectStillServing();
    },
  );

  it.each(table.filter(([, e]) => e.auth))(
    "%s: a junk Authorization header is a 401 in the service's error shape",
    async (_name, endpoint) => {
      const headers = [
        "",
        "Bearer",
        "Bearer ",
        "Bearer local-demo-key-not",
        "bearer  ",
        "Basic",
        "Basic !!!",
        basicOf("api:"),
        basicOf("local-demo-key"),
        basicOf(":"),
        "Token local-demo-key",
        `Bearer ${"k".repeat(5000)}`,
        "Bearer local-demo-key extra",
      ];
      for (const authorization of headers) {
        const base = await validRequest(endpoint, "");
        const answer = await send(ctx.app, { ...base, headers: { ...base.headers, Authorization: authorization } });
        assert.strictEqual(answer.status, 401, `${JSON.stringify(authorization.slice(0, 40))}: ${answer.text}`);
        expectServiceError(answer, endpoint.service);
      }
    },
  );

  it.each(table.filter(([, e]) => e.route.includes(":")))(
    "%s: junk in a path parameter is a 4xx or an empty answer, never a 5xx",
    async (_name, endpoint) => {
      const routeSegments = endpoint.route.split("/");
      let refused = 0;
      for (const junk of [
        "%FF",
        "%00",
        "%2F..%2F",
        "..",
        "x".repeat(5000),
        "%E2%82",
        "'%20OR%201=1",
        "💥",
        "null",
        "%20",
      ]) {
        for (const [index, segment] of routeSegments.entries()) {
          if (!segment.startsWith(":")) continue;
          const base = await validRequest(endpoint, "");
          const path = base.path
            .split("/")
            .map((s, i) => (i === index ? junk : s))
            .join("/");
          const answer = await send(ctx.app, { ...base, path });
          if (answer.status === 200) continue; // an unknown queue has no items, as in the real service
          // An id longer than LIMITS.idLength is a 422 at ["path", <name>].
          expectServiceError(answer, endpoint.service, ["path", "body", "query"]);
          refused += 1;
        }
      }
      expect(refused).toBeGreaterThan(0);
      await ctx.expectStillServing();
    },
  );
});
