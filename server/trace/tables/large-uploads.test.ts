import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";
import { LARGE_UPLOAD_BYTES, LARGE_UPLOADS_PER_ENTITY } from "../large-uploads";

/** A request whose body arrives only when `finish` is called: it stays in flight until then. */
function pendingUpload(app: ReturnType<typeof createTestApp>["app"], key?: string) {
  const body = JSON.stringify({ table: { project_id: PROJECT, rows: [{ a: "x".repeat(LARGE_UPLOAD_BYTES) }] } });
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const headers = {
    ...bearer(key),
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
  };
  const answer = app.request("/api/trace/table/create", {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  const finish = () => {
    controller!.enqueue(new TextEncoder().encode(body));
    controller!.close();
  };
  return { answer, finish };
}

describe("large trace uploads per entity", () => {
  it(`holds each entity to ${LARGE_UPLOADS_PER_ENTITY} large bodies in flight: one more is a 429, other entities and small bodies go on`, async () => {
    const { app } = createTestApp();
    const first = pendingUpload(app);
    const second = pendingUpload(app);
    const third = await pendingUpload(app).answer;
    expect(third.status).toBe(429);
    expect(((await third.json()) as { reason: string }).reason).toMatch(/^Too many large uploads: at most 2 /);
    // Another entity's large body, and a small one of the same entity, are not held up.
    const acme = pendingUpload(app, ACME_KEY);
    acme.finish();
    expect((await acme.answer).status).toBe(403); // past the limiter: refused for the project, not for load
    const small = await app.request("/api/trace/table/create", {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({ table: { project_id: PROJECT, rows: [{ a: 1 }] } }),
    });
    expect(small.status).toBe(200);

    first.finish();
    second.finish();
    expect([(await first.answer).status, (await second.answer).status]).toEqual([200, 200]);
    // Slots are given back: a large body is taken again.
    const again = pendingUpload(app);
    again.finish();
    expect((await again.answer).status).toBe(200);
  });
});
