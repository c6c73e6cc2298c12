import { assert, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { MAX_JSON_ARRAY_LENGTH, MAX_JSON_DEPTH, MAX_JSON_PROPERTY_NAMES } from "../../http/json-body";
import { ENDPOINTS, endpointName, type Endpoint } from "./endpoints";
import { expectServiceError, validationLocs } from "./error-shapes";
import { authFor, createQualityApp, UNLIMITED_JOBS } from "./quality-app";
import { send, type RawRequest } from "./send";

// Bodies broken below the level of JSON values: not JSON at all, not UTF-8, not declared as
// JSON, nested absurdly deep, arrays absurdly long, absurdly many property names, or one byte over
// the size limit. Every body endpoint gets each.

type Ctx = Awaited<ReturnType<typeof createQualityApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createQualityApp();
});

const BODY_ENDPOINTS = ENDPOINTS.filter((e) => e.body);
const table = BODY_ENDPOINTS.map((e) => [endpointName(e), e] as const);

async function request(
  endpoint: Endpoint,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string | null = "application/json",
): Promise<RawRequest> {
  const headers: Record<string, string> = { ...authFor(endpoint.service) };
  if (contentType !== null) headers["Content-Type"] = contentType;
  return { method: endpoint.method, path: await endpoint.path(ctx.fixtures), headers, body };
}

const INVALID_JSON = [
  "",
  " ",
  "{",
  "}",
  '{"project_id": }',
  '{"a": 1,}',
  "[1, 2,]",
  "{'project_id': 'demo/quality'}",
  "NaN",
  "undefined",
  '{"a": 1} trailing',
  '"unterminated',
  '{"a": "\\x41"}',
  '{"a": 01}',
  "\u0000",
];

/** Byte sequences that are not UTF-8: a bare 0xFF, an overlong "/", an encoded surrogate, a cut-off sequence. */
const NOT_UTF8: number[][] = [
  [0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

describe.each(table)("raw bodies: %s", (_name, endpoint) => {
  it("answers text that is not JSON with 422 json_invalid on body", async () => {
    for (const text of INVALID_JSON) {
      const answer = await send(ctx.app, await request(endpoint, text));
      assert.strictEqual(answer.status, 422, JSON.stringify(text));
      expectServiceError(answer, endpoint.service, ["body"]);
      expect(validationLocs(answer)[0]?.[0]).toBe("body");
    }
    await ctx.expectStillServing();
  });

  it("answers bytes that are not UTF-8 with a 400 in the service's error shape, storing nothing", async () => {
    const valid = JSON.stringify(endpoint.body!.valid(ctx.fixtures));
    for (const bad of NOT_UTF8) {
      // The bad bytes sit inside a string value of an otherwise valid body.
      const at = valid.indexOf('"', valid.indexOf(":")) + 1;
      const bytes = new Uint8Array([...Buffer.from(valid.slice(0, at)), ...bad, ...Buffer.from(valid.slice(at))]);
      const answer = await send(ctx.app, await request(endpoint, bytes));
      assert.strictEqual(answer.status, 400, `bytes ${bad.join(",")}: ${answer.text}`);
      expectServiceError(answer, endpoint.service);
    }
    await ctx.expectStillServing();
  });

  it("answers a valid body sent as another content type with 422 on body, and accepts JSON types", async () => {
    const valid = JSON.stringify(endpoint.body!.valid(ctx.fixtures));
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "text/json",
    ]) {
      const answer = await send(ctx.app, await request(endpoint, valid, type));
      assert.strictEqual(answer.status, 422, `${type}: ${answer.text}`);
      expectServiceError(answer, endpoint.service, ["body"]);
      expect(validationLocs(answer)).toEqual([["body"]]);
    }
    // FastAPI reads a body without a content type, or with any JSON type, as JSON.
    for (const type of [null, "application/json; charset=utf-8", "APPLICATION/JSON", "application/merge-patch+json"]) {
      const answer = await send(ctx.app, {
        ...(await request(endpoint, valid, type)),
        body: new TextEncoder().encode(valid),
      });
      assert.strictEqual(answer.status, 200, `${type}: ${answer.text}`);
    }
  });

  it(`answers nesting deeper than ${MAX_JSON_DEPTH} (up to 100,000 levels) with a 400, never a 500`, async () => {
    const valid = JSON.stringify(endpoint.body!.valid(ctx.fixtures));
    for (const depth of [MAX_JSON_DEPTH + 1, 10_000, 100_000]) {
      const arrays = `${"[".repeat(depth)}${"]".repeat(depth)}`;
      const objects = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      // Deep as the whole body, and deep inside an extra property of a valid one.
      for (const text of [arrays, objects, `${valid.slice(0, -1)},"deep":${objects}}`]) {
        const answer = await send(ctx.app, await request(endpoint, text));
        assert.strictEqual(answer.status, 400, `depth ${depth}: ${answer.text.slice(0, 200)}`);
        expectServiceError(answer, endpoint.service);
      }
    }
    // Right at the limit the body is parsed and validated as usual.
    const atLimit = await send(
      ctx.app,
      await request(
        endpoint,
        `${valid.slice(0, -1)},"deep":${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}}`,
      ),
    );
    assert.include([200, 422], atLimit.status, atLimit.text.slice(0, 200));
    await ctx.expectStillServing();
  });
});

/** `[0,0,...]` with `length` elements. */
const zeros = (length: number) => `[${"0,".repeat(length - 1)}0]`;
/** `count` objects of one property each, named by `name`, separated by commas. */
const objects = (count: number, name: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => `{"${name(i)}":0}`).join(",");

describe.each(table)("long arrays and many property names: %s", (_name, endpoint) => {
  it(`answers an array of more than ${MAX_JSON_ARRAY_LENGTH} elements with 422 too_long at that array`, async () => {
    const valid = JSON.stringify(endpoint.body!.valid(ctx.fixtures));
    const long = zeros(MAX_JSON_ARRAY_LENGTH + 1);
    const cases: [string, (string | number)[]][] = [
      [long, ["body"]],
      [`${valid.slice(0, -1)},"long":${long}}`, ["body", "long"]],
      // Strings holding brackets, commas and quotes are skipped; an escaped key is unescaped.
      [`{"s":"[,\\\\\\",]","n\\u00e9sted":{"a":[1,[{"x":"],"},${long}]]}}`, ["body", "n\u00e9sted", "a", 1, 1]],
    ];
    for (const [text, loc] of cases) {
      const answer = await send(ctx.app, await request(endpoint, text));
      assert.strictEqual(answer.status, 422, answer.text.slice(0, 300));
      expectServiceError(answer, endpoint.service, ["body"]);
      expect(answer.json).toEqual({
        detail: [{ loc, msg: expect.stringContaining(String(MAX_JSON_ARRAY_LENGTH)), type: "too_long" }],
      });
    }
    // At the limit the body is parsed and validated as usual.
    const atLimit = await send(
      ctx.app,
      await request(endpoint, `${valid.slice(0, -1)},"long":${zeros(MAX_JSON_ARRAY_LENGTH)}}`),
    );
    assert.include([200, 422], atLimit.status, atLimit.text.slice(0, 300));
    expect(atLimit.text).not.toContain("too_long");
    await ctx.expectStillServing();
  });

  it(`answers more than ${MAX_JSON_PROPERTY_NAMES} distinct property names with a 400, and repeated names are fine`, async () => {
    const valid = JSON.stringify(endpoint.body!.valid(ctx.fixtures));
    const unique = await send(
      ctx.app,
      await request(endpoint, `${valid.slice(0, -1)},"extra":[${objects(MAX_JSON_PROPERTY_NAMES, (i) => `k${i}`)}]}`),
    );
    assert.strictEqual(unique.status, 400, unique.text.slice(0, 300));
    expectServiceError(unique, endpoint.service);
    expect(unique.text).toContain(`more than ${MAX_JSON_PROPERTY_NAMES} distinct property names`);

    const repeated = await send(
      ctx.app,
      await request(
        endpoint,
        `${valid.slice(0, -1)},"extra":[${objects(MAX_JSON_PROPERTY_NAMES * 2, (i) => `k${i % 100}`)}]}`,
      ),
    );
    assert.include([200, 422], repeated.status, repeated.text.slice(0, 300));
    await ctx.expectStillServing();
  });
});

/** The valid body padded with JSON whitespace to exactly `bytes` bytes. */
const padded = (endpoint: Endpoint, bytes: number) => {
  const valid = JSON.stringify(endpoint.body!.valid(ctx.fixtures));
  expect(Buffer.byteLength(valid)).toBeLessThan(bytes);
  return `${valid}${" ".repeat(bytes - Buffer.byteLength(valid))}`;
};
const stream = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 500) controller.enqueue(bytes.subarray(i, i + 500));
      controller.close();
    },
  });

describe("the body size limit", () => {
  const LIMIT = 2048;
  it.each(table)(
    "%s: exactly at the limit is served; one byte over is a 413, declared or streamed",
    async (_name, endpoint) => {
      const small = createApp({
        db: ctx.db,
        runner: ctx.runner,
        maxBodyBytes: LIMIT,
        activeJobsPerEntity: UNLIMITED_JOBS,
      });
      const base = await request(endpoint, "");
      const at = await send(small, {
        ...base,
        body: padded(endpoint, LIMIT),
        headers: { ...base.headers, "Content-Length": String(LIMIT) },
      });
      assert.strictEqual(at.status, 200, at.text);

      const over = padded(endpoint, LIMIT + 1);
      const declared = await send(small, {
        ...base,
        body: over,
        headers: { ...base.headers, "Content-Length": String(LIMIT + 1) },
      });
      expect(declared.status).toBe(413);
      expectServiceError(declared, endpoint.service);

      // No Content-Length: the limit is enforced while the body streams in.
      const response = await small.request(base.path, {
        method: base.method,
        headers: base.headers,
        body: stream(over),
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expectServiceError(
        { status: 413, contentType: response.headers.get("content-type") ?? "", text: "", json: await response.json() },
        endpoint.service,
      );
    },
  );
});
