import { describe, expect, it } from "vitest";
import { bearer, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";
import { FILE_CHUNK_BYTES } from "./files";

const API = "/api/trace";

/** A body that counts how many times it was read from; it never ends unless read to the end. */
function countedBody(bytes: Uint8Array) {
  const reads = { count: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reads.count += 1;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, reads };
}

/** 2.5 pieces of bytes that differ from piece to piece, so a piece sent twice or out of order shows. */
const CONTENT = Uint8Array.from(
  { length: FILE_CHUNK_BYTES * 2.5 },
  (_, i) => (i * 7 + Math.floor(i / FILE_CHUNK_BYTES)) % 256,
);

describe("/file/create and /file/content with large files", () => {
  it("refuses a body that is not multipart form data before reading a byte of it", async () => {
    const { app } = createTestApp();
    const { stream, reads } = countedBody(
      new TextEncoder().encode(JSON.stringify({ project_id: PROJECT, file: "x".repeat(2 * 1024 * 1024) })),
    );
    const headers = { ...bearer(), "Content-Type": "application/json", "Content-Length": String(2 * 1024 * 1024 + 40) };
    const response = await app.request(`${API}/file/create`, {
      method: "POST",
      headers,
      body: stream,
      duplex: "half",
    } as RequestInit);
    const body = (await response.json()) as { detail: { loc: unknown[]; msg: string }[] };
    expect({ status: response.status, loc: body.detail[0]?.loc, reads: reads.count }).toEqual({
      status: 422,
      loc: ["body"],
      reads: 0,
    });
    expect(body.detail[0]?.msg).toContain("the body was sent as 'application/json'");
  });

  it("streams a stored file back one piece at a time, every byte in order, with its length", async () => {
    const { app } = createTestApp();
    const form = new FormData();
    form.append("project_id", PROJECT);
    form.append("file", new Blob([CONTENT]), "weights.bin");
    const created = await app.request(`${API}/file/create`, { method: "POST", headers: bearer(), body: form });
    const { digest } = (await created.json()) as { digest: string };

    const response = await app.request(`${API}/file/content`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: PROJECT, digest }),
    });
    expect({
      status: response.status,
      type: response.headers.get("content-type"),
      length: response.headers.get("content-length"),
    }).toEqual({
      status: 200,
      type: "application/octet-stream",
      length: String(CONTENT.byteLength),
    });
    const pieces: number[] = [];
    const received = new Uint8Array(CONTENT.byteLength);
    let at = 0;
    for await (const piece of response.body!) {
      pieces.push(piece.byteLength);
      received.set(piece, at);
      at += piece.byteLength;
    }
    expect(pieces).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES / 2]);
    expect(Buffer.compare(received, CONTENT)).toBe(0);
  });

  it("reads a file stored before it was kept in pieces (its bytes in trace_files.content) whole", async () => {
    const { app, db } = createTestApp();
    db.prepare(
      "INSERT INTO trace_files (project_id, digest, name, size_bytes, content, created_at) VALUES (?, 'old-digest', 'old.py', 3, ?, 0)",
    ).run(PROJECT, Buffer.from("abc"));
    const response = await app.request(`${API}/file/content`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: PROJECT, digest: "old-digest" }),
    });
    expect({
      status: response.status,
      text: await response.text(),
      length: response.headers.get("content-length"),
    }).toEqual({ status: 200, text: "abc", length: "3" });
  });
});
