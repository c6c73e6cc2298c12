import * as fc from "fast-check";
import { assert, describe, expect, it } from "vitest";
import { expectServiceError } from "../../testing/quality/error-shapes";
import { hostileQueryValue, QUALITY_SEED } from "../../testing/quality/hostile-values";
import { send } from "../../testing/quality/send";
import { bearer, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

// `/file/create` takes multipart form data, so the JSON fuzzing of server/testing/quality cannot reach it
// (endpoints.test.ts lists it as fuzzed here). Random forms (fields present or not, hostile
// values, random bytes) and random damage to a valid one must each get a 200 or a 4xx in the
// trace service's error shape, never a 5xx, and leave the service answering.

const BOUNDARY = "fuzzBoundary7MA4YWxkTrZu0gW";
const encoder = new TextEncoder();

type Part = { name: string; value: string | Uint8Array; filename?: string };

function multipart(parts: readonly Part[]): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    chunks.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(typeof part.value === "string" ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const part: fc.Arbitrary<Part> = fc.record(
  {
    name: fc.oneof(fc.constantFrom("project_id", "file", "name", "digest"), hostileQueryValue),
    value: fc.oneof(
      hostileQueryValue,
      fc.constantFrom(PROJECT, "acme/claims", "", "x/y/z"),
      fc.uint8Array({ maxLength: 300 }),
    ),
    filename: fc.oneof(hostileQueryValue, fc.constantFrom("obj.py", "", "../../etc/passwd")),
  },
  { requiredKeys: ["name", "value"] },
);

const contentType = fc.oneof(
  fc.constant(`multipart/form-data; boundary=${BOUNDARY}`),
  fc.constantFrom(
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "application/json",
    "text/plain",
    "multipart/mixed; boundary=x",
    "",
  ),
  hostileQueryValue,
);

/** Random damage to a body: cut it short, flip a byte, or splice random bytes in. */
const damage = (body: Uint8Array<ArrayBuffer>) =>
  fc.oneof(
    fc.nat(body.length).map((n) => body.slice(0, n)),
    fc.tuple(fc.nat(body.length - 1), fc.integer({ min: 0, max: 255 })).map(([i, byte]) => {
      const copy = body.slice();
      copy[i] = byte;
      return copy;
    }),
    fc.tuple(fc.nat(body.length), fc.uint8Array({ minLength: 1, maxLength: 40 })).map(([i, bytes]) => {
      const copy = new Uint8Array(body.length + bytes.length);
      copy.set(body.slice(0, i));
      copy.set(bytes, i);
      copy.set(body.slice(i), i + bytes.length);
      return copy;
    }),
  );

const VALID = multipart([
  { name: "project_id", value: PROJECT },
  { name: "file", value: encoder.encode("def answer():\n    return 42\n"), filename: "obj.py" },
]);

// Forms of 1 MiB and more are read in the upload worker: the same properties hold there (every form goes that way at 0).
describe.each([
  ["on the event loop", undefined],
  ["in the upload worker", 0],
])("fuzzing /file/create with forms, read %s", (_where, bulkOffThreadBytes) => {
  const { app } = createTestApp({ bulkOffThreadBytes });
  const post = (body: Uint8Array<ArrayBuffer>, type: string) => {
    const headers: Record<string, string> = { ...bearer() };
    // A header value must be a Latin-1 string without line breaks: other values cannot be sent at all.
    if (type && /^[\x20-\x7e]*$/.test(type)) headers["Content-Type"] = type;
    return send(app, { method: "POST", path: "/api/trace/file/create", headers, body });
  };
  const expectSound = async (answer: Awaited<ReturnType<typeof post>>) => {
    if (answer.status === 200) assert.match(String((answer.json as { digest?: unknown }).digest), /^[A-Za-z0-9]{43}$/);
    else expectServiceError(answer, "trace", ["body"]);
  };

  it("answers random forms with a 200 or a 4xx in the service's shape", async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), contentType, async (parts, type) => {
        const answer = await post(multipart(parts), type);
        statuses.add(answer.status);
        await expectSound(answer);
      }),
      { seed: QUALITY_SEED, numRuns: 150 },
    );
    // The forms reached past the first check: refusals of several kinds, not one.
    expect([...statuses].filter((status) => status >= 400).length).toBeGreaterThan(1);
  });

  it("answers a damaged valid form with a 200 or a 4xx in the service's shape, and still serves", async () => {
    await fc.assert(
      fc.asyncProperty(damage(VALID), async (body) => {
        await expectSound(await post(body, `multipart/form-data; boundary=${BOUNDARY}`));
      }),
      { seed: QUALITY_SEED, numRuns: 150 },
    );
    const ok = await post(VALID, `multipart/form-data; boundary=${BOUNDARY}`);
    assert.strictEqual(ok.status, 200, ok.text);
  });
});
