import { afterEach, describe, expect, it, vi } from "vitest";
import { LIMITS } from "../../contract/limits";
import { TableCreateResponse, TableQueryResponse } from "../../contract/trace-tables";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { OFF_THREAD_BYTES } from "../upload-worker/prepare-body";
import { uploadWorker } from "../upload-worker/worker-client";
import { fileDigest } from "./files/digest";
import { FILE_CHUNK_BYTES } from "./files/files";
import { MAX_ROW_CHARS } from "./tables/prepare-upload";
import { PROJECT } from "./test-fixtures";

// Trace uploads of OFF_THREAD_BYTES or more (a dataset's rows, a file) are parsed, checked and
// digested in the upload worker (on the event loop a 30 MiB table would hold /health up). A client must
// see no difference: the same digests, the same rows read back, the same 400s and 422s.

const API = "/api/trace";
type App = ReturnType<typeof createTestApp>["app"];
/** Every body through the worker, or none. */
const throughWorker = () => createTestApp({ bulkOffThreadBytes: 0 }).app;
const onEventLoop = () => createTestApp({ bulkOffThreadBytes: Number.MAX_SAFE_INTEGER }).app;

const post = (app: App, path: string, body: unknown, key?: string) =>
  call(app, "POST", `${API}${path}`, { body, headers: bearer(key) });

/** `count` dataset rows of some 300 characters each, every one different, keys in no sorted order. */
const datasetRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    question: `Where is order NW-${i}? It was due on Monday and the tracking page has not changed since.`,
    expected: "With the carrier since Friday. ".repeat(6),
    score: i / 7,
    tags: ["support", i % 2 ? "late" : "é"],
  }));

async function readRows(app: App, digest: string) {
  const res = await post(app, "/table/query", { project_id: PROJECT, digest });
  expect(res.status).toBe(200);
  return TableQueryResponse.parse(res.json).rows;
}

function multipart(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, "weights.bin");
  }
  return form;
}

async function uploadFile(app: App, body: FormData | string, contentType?: string) {
  const response = await app.request(`${API}/file/create`, {
    method: "POST",
    headers: { ...bearer(), ...(contentType ? { "Content-Type": contentType } : {}) },
    body,
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe("trace uploads prepared in the upload worker", () => {
  afterEach(() => vi.restoreAllMocks());

  it(
    "creates a table over the threshold through the worker with the digests the event loop gives, and it reads back as sent",
    { timeout: 30_000 },
    async () => {
      const rows = datasetRows(6_000);
      expect(JSON.stringify(rows).length).toBeGreaterThan(OFF_THREAD_BYTES);
      const viaWorker = vi.spyOn(uploadWorker(), "prepare");
      const worker = createTestApp().app;
      const inProcess = onEventLoop();
      const fromWorker = await post(worker, "/table/create", { table: { project_id: PROJECT, rows } });
      expect(fromWorker.status).toBe(200);
      expect(viaWorker).toHaveBeenCalledOnce();
      const fromEventLoop = await post(inProcess, "/table/create", { table: { project_id: PROJECT, rows } });
      expect(viaWorker).toHaveBeenCalledOnce();
      const created = TableCreateResponse.parse(fromWorker.json);
      expect(created).toEqual(TableCreateResponse.parse(fromEventLoop.json));
      expect(new Set(created.row_digests).size).toBe(rows.length);
      const readBack = await readRows(worker, created.digest);
      expect(readBack.map((row) => row.val)).toEqual(rows);
      expect(readBack.map((row) => row.digest)).toEqual(created.row_digests);
    },
  );

  it("updates a table and builds one from digests through the worker as the event loop does", async () => {
    const rows = datasetRows(50);
    const updates = [
      { append: { row: { input: "x" } } },
      { pop: { index: 0 } },
      { insert: { index: 3, row: { input: "y" } } },
      { append: { row: rows[9] } },
    ];
    const answers = await Promise.all(
      [throughWorker(), onEventLoop()].map(async (app) => {
        const base = TableCreateResponse.parse(
          (await post(app, "/table/create", { table: { project_id: PROJECT, rows } })).json,
        );
        const updated = await post(app, "/table/update", { project_id: PROJECT, base_digest: base.digest, updates });
        const reversed = await post(app, "/table/create_from_digests", {
          project_id: PROJECT,
          row_digests: base.row_digests.toReversed(),
        });
        const updatedDigest = (updated.json as { digest: string }).digest;
        return {
          updated: updated.json,
          reversed: reversed.json,
          rows: (await readRows(app, updatedDigest)).map((row) => row.val),
        };
      }),
    );
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.rows).toEqual([...rows.slice(1, 4), { input: "y" }, ...rows.slice(4), { input: "x" }, rows[9]]);
  });

  const badTableBodies: [string, string, unknown][] = [
    [
      "/table/create",
      "a row that is not an object, a bad project",
      { table: { project_id: "no-slash", rows: [{ a: 1 }, 7, "x"] } },
    ],
    ["/table/create", "no project, an unknown field", { table: { rows: [] }, extra: true }],
    [
      "/table/create",
      `${LIMITS.tableRows + 1} rows (over the bound)`,
      { table: { project_id: PROJECT, rows: Array.from({ length: LIMITS.tableRows + 1 }, () => ({})) } },
    ],
    ["/table/create", "rows as a string", { table: { project_id: PROJECT, rows: "x".repeat(2_000) } }],
    [
      "/table/create_from_digests",
      "digests that are not digests",
      { project_id: PROJECT, row_digests: ["not a digest", 5, null] },
    ],
    [
      "/table/update",
      "steps that are none of append, pop, insert",
      {
        project_id: PROJECT,
        base_digest: "a".repeat(64),
        updates: [{ append: {} }, { pop: { index: -1 } }, { shuffle: true }],
      },
    ],
    [
      "/table/update",
      `${LIMITS.tableEdits + 1} pops (over the bound, checked after the entity)`,
      {
        project_id: PROJECT,
        base_digest: "a".repeat(64),
        updates: Array.from({ length: LIMITS.tableEdits + 1 }, () => ({ pop: { index: 0 } })),
      },
    ],
    [
      "/table/create",
      "a row over MAX_ROW_CHARS",
      { table: { project_id: PROJECT, rows: [{ a: 1 }, { a: "x".repeat(MAX_ROW_CHARS) }] } },
    ],
    [
      "/table/update",
      "an inserted row over MAX_ROW_CHARS",
      {
        project_id: PROJECT,
        base_digest: "a".repeat(64),
        updates: [{ pop: { index: 0 } }, { insert: { index: 0, row: { a: "x".repeat(MAX_ROW_CHARS) } } }],
      },
    ],
    [
      "/table/update",
      "an unknown base table",
      { project_id: PROJECT, base_digest: "a".repeat(64), updates: [{ pop: { index: 0 } }] },
    ],
  ];

  it.each(badTableBodies)(
    "%s, %s: the same refusal from the worker as from the event loop",
    async (path, _what, body) => {
      const [fromWorker, fromEventLoop] = await Promise.all([
        post(throughWorker(), path, body),
        post(onEventLoop(), path, body),
      ]);
      expect(fromWorker.status).toBeGreaterThanOrEqual(400);
      expect(fromWorker.status).toBeLessThan(500);
      expect({ status: fromWorker.status, json: fromWorker.json }).toEqual({
        status: fromEventLoop.status,
        json: fromEventLoop.json,
      });
    },
  );

  it("names the row over MAX_ROW_CHARS in its 422", async () => {
    const res = await post(throughWorker(), "/table/update", {
      project_id: PROJECT,
      base_digest: "a".repeat(64),
      updates: [{ append: { row: { a: 1 } } }, { insert: { index: 0, row: { a: "x".repeat(MAX_ROW_CHARS) } } }],
    });
    expect(res.status).toBe(422);
    expect((res.json as { detail: { loc: unknown[]; type: string }[] }).detail).toEqual([
      {
        loc: ["body", "updates", 1, "insert", "row"],
        type: "too_long",
        msg: expect.stringMatching(
          /^A table row should have at most 4194304 characters of JSON \(this one has 4194312\)/,
        ),
      },
    ]);
  });

  it("refuses malformed JSON and a non-JSON body in the same words either way", async () => {
    for (const [body, contentType] of [
      ['{"table": {"rows": [', "application/json"],
      ["rows=1", "text/plain"],
    ]) {
      const answers = await Promise.all(
        [throughWorker(), onEventLoop()].map(async (app) => {
          const response = await app.request(`${API}/table/create`, {
            method: "POST",
            headers: { ...bearer(), "Content-Type": contentType! },
            body,
          });
          return { status: response.status, json: (await response.json()) as unknown };
        }),
      );
      expect(answers[0]!.status).toBe(422);
      expect(answers[0]).toEqual(answers[1]);
    }
  });

  it("refuses another entity's project after the worker read the body (403), storing nothing", async () => {
    const app = throughWorker();
    const res = await post(app, "/table/create", { table: { project_id: PROJECT, rows: datasetRows(3) } }, ACME_KEY);
    expect(res.status).toBe(403);
  });

  it(
    "stores a file over the threshold read and hashed in the worker, in 1 MiB pieces, and gives it back byte for byte",
    { timeout: 30_000 },
    async () => {
      const bytes = Uint8Array.from({ length: 2.5 * FILE_CHUNK_BYTES }, (_, i) => (i * 31 + (i >> 11)) % 256);
      const viaWorker = vi.spyOn(uploadWorker(), "prepare");
      const { app, db } = createTestApp();
      const created = await uploadFile(app, multipart({ project_id: PROJECT, file: new Blob([bytes]) }));
      expect(created).toEqual({ status: 200, json: { digest: fileDigest(bytes) } });
      expect(viaWorker).toHaveBeenCalledOnce();
      expect(db.prepare("SELECT count(*) FROM trace_file_chunks").pluck().get()).toBe(3);
      const response = await app.request(`${API}/file/content`, {
        method: "POST",
        headers: { ...bearer(), "Content-Type": "application/json" },
        body: JSON.stringify({ project_id: PROJECT, digest: fileDigest(bytes) }),
      });
      // Compared as buffers: toEqual walks 2.5 million elements one by one for tens of seconds.
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      // The same bytes again are the same file, stored once.
      expect((await uploadFile(app, multipart({ project_id: PROJECT, file: new Blob([bytes]) }))).json).toEqual({
        digest: fileDigest(bytes),
      });
      expect(db.prepare("SELECT count(*) FROM trace_file_chunks").pluck().get()).toBe(3);
    },
  );

  it("reads back a file stored whole before files were stored in pieces", async () => {
    const { app, db } = createTestApp();
    const bytes = new TextEncoder().encode("def answer(q):\n    return 42\n");
    db.prepare(
      "INSERT INTO trace_files (project_id, digest, name, size_bytes, content, created_at) VALUES (?, ?, 'obj.py', ?, ?, 0)",
    ).run(PROJECT, fileDigest(bytes), bytes.length, Buffer.from(bytes));
    const response = await app.request(`${API}/file/content`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: PROJECT, digest: fileDigest(bytes) }),
    });
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe("def answer(q):\n    return 42\n");
  });

  const badForms: [string, () => [FormData | string, string?]][] = [
    ["no file part", () => [multipart({ project_id: PROJECT })]],
    ["a text file part", () => [multipart({ project_id: PROJECT, file: "just text" })]],
    ["a bad project", () => [multipart({ project_id: "nope", file: new Blob(["x"]) })]],
    ["not multipart", () => ['{"project_id": "demo/support-bot"}', "application/json"]],
    [
      "a broken form",
      () => ['--b\r\nContent-Disposition: form-data; name="project_id"\r\n\r\ndemo', "multipart/form-data; boundary=b"],
    ],
  ];

  it.each(badForms)(
    "/file/create with %s: the same refusal from the worker as from the event loop",
    async (_what, makeBody) => {
      const [fromWorker, fromEventLoop] = await Promise.all(
        [throughWorker(), onEventLoop()].map((app) => uploadFile(app, ...makeBody())),
      );
      expect(fromWorker!.status).toBeGreaterThanOrEqual(400);
      expect(fromWorker!.status).toBeLessThan(500);
      expect(fromWorker).toEqual(fromEventLoop);
    },
  );
});
