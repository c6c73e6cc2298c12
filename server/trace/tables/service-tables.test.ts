import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits";
import {
  TableCreateResponse,
  TableQueryResponse,
  TableQueryStatsBatchResponse,
  TableUpdateResponse,
} from "../../../contract/trace-tables";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

const API = "/api/trace";
type App = ReturnType<typeof createTestApp>["app"];

// A worked example computed with CPython 3 from upstream's code (weave's compute_row_digest:
// str_digest(json.dumps(row, sort_keys=True)); compute_table_digest: sha256 over the row digests,
// hex), so these digests are the ones W&B's trace server gives the same rows.
const ROWS = [
  { input: "What is RAG?", expected: "Retrieval-augmented generation" },
  { input: "Explain RLHF", expected: "Reinforcement learning from human feedback", score: 0.75, tags: ["rl", "é"] },
];
const ROW_DIGESTS = ["lc32H5K8zKUxUhhHytKB3h0zPqYwDHfMENOyYamiU94", "zHTHqSC271H7btuKiDn4ZjqWzOtaYDzi9jeCgWQgWWM"];
const TABLE_DIGEST = "d3778b3e54fb696ba88a17da57bc659f2b75146814319dd8f99bce7ae924d61b";
// After appending {input: "x"}, popping index 0 and inserting {input: "y"} at 0 (also CPython).
const UPDATED_DIGEST = "15413817b178ffb1f736a5e42d7f4a0cc574b87a55678668f859e92110d5e895";
const X_DIGEST = "gzatqqnxjKuvvPCP3QAuJogVwgOzHZsVhnKhZHYJv8E";
const Y_DIGEST = "7wPXe13mj116eRIUW2YxwQxHDCYUBqmOECMFEZoZaZY";

const post = (app: App, path: string, body: unknown, key?: string) =>
  call(app, "POST", `${API}${path}`, { body, headers: bearer(key) });
const create = (app: App, rows: unknown[], extra: Record<string, unknown> = {}, key?: string) =>
  post(app, "/table/create", { table: { project_id: PROJECT, rows, ...extra } }, key);
const query = async (app: App, body: Record<string, unknown>) => {
  const res = await post(app, "/table/query", { project_id: PROJECT, ...body });
  expect({ status: res.status, body: res.status === 200 ? null : res.json }).toEqual({ status: 200, body: null });
  return TableQueryResponse.parse(res.json).rows;
};

describe("tables: create and digests", () => {
  it("gives the rows and the table upstream's digests, the same for the same rows, whatever the key order", async () => {
    const { app } = createTestApp();
    const res = await create(app, ROWS);
    expect(res.status).toBe(200);
    expect(TableCreateResponse.parse(res.json)).toEqual({ digest: TABLE_DIGEST, row_digests: ROW_DIGESTS });
    const reordered = ROWS.map((row) => Object.fromEntries(Object.entries(row).toReversed()));
    expect((await create(app, reordered)).json).toEqual({ digest: TABLE_DIGEST, row_digests: ROW_DIGESTS });
    // Another order of rows is another table; no rows at all is SHA-256 of nothing.
    expect((await create(app, ROWS.toReversed())).json.digest).not.toBe(TABLE_DIGEST);
    expect((await create(app, [])).json).toEqual({
      digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      row_digests: [],
    });
    // A row keeps the key order it was first sent with.
    expect((await query(app, { digest: TABLE_DIGEST }))[1]!.val).toEqual(ROWS[1]);
    expect(Object.keys((await query(app, { digest: TABLE_DIGEST }))[1]!.val as object)).toEqual([
      "input",
      "expected",
      "score",
      "tags",
    ]);
  });

  it("checks an expected_digest (409 on a mismatch, nothing stored) and refuses rows that are not objects", async () => {
    const { app } = createTestApp();
    expect((await create(app, ROWS, { expected_digest: TABLE_DIGEST })).status).toBe(200);
    const wrong = await create(app, [{ a: 1 }], { expected_digest: "not-the-digest" });
    expect(wrong.status).toBe(409);
    expect(wrong.json.reason).toMatch(
      /^expected_digest not-the-digest does not match the table's digest [0-9a-f]{64} \(1 rows\)\.$/,
    );
    expect(
      (await post(app, "/table/query_stats", { project_id: PROJECT, digest: String(wrong.json.reason).split(" ")[8] }))
        .json,
    ).toEqual({ count: 0 });

    const notRows = await create(app, [{ ok: true }, [1, 2], "text", null]);
    expect(notRows.status).toBe(422);
    expect(notRows.json.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ["body", "table", "rows", 1],
      ["body", "table", "rows", 2],
      ["body", "table", "rows", 3],
    ]);
  });

  it("refuses another tenant (403) and names the bound on rows (422)", async () => {
    const { app } = createTestApp();
    expect((await create(app, ROWS, {}, ACME_KEY)).status).toBe(403);
    const digest = TableCreateResponse.parse((await create(app, ROWS)).json).digest;
    for (const [path, body] of [
      ["/table/query", { project_id: PROJECT, digest }],
      ["/table/query_stats", { project_id: PROJECT, digest }],
      ["/table/query_stats_batch", { project_id: PROJECT, digests: [digest] }],
      ["/table/update", { project_id: PROJECT, base_digest: digest, updates: [{ append: { row: { a: 1 } } }] }],
    ] as const) {
      expect({ path, status: (await post(app, path, body, ACME_KEY)).status }).toEqual({ path, status: 403 });
    }
    const tooMany = await create(
      app,
      Array.from({ length: LIMITS.tableRows + 1 }, () => ({})),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.detail[0]).toMatchObject({ loc: ["body", "table", "rows"], type: "too_long" });
  });
});

describe("tables: create from row digests", () => {
  it("makes a table of rows the project holds, with the digest /table/create gives the same rows", async () => {
    const { app } = createTestApp();
    await create(app, ROWS);
    const res = await post(app, "/table/create_from_digests", {
      project_id: PROJECT,
      row_digests: ROW_DIGESTS.toReversed(),
    });
    expect(res.status).toBe(200);
    const reversed = TableCreateResponse.parse((await create(app, ROWS.toReversed())).json).digest;
    expect(res.json).toEqual({ digest: reversed });
    expect((await query(app, { digest: reversed })).map((r) => r.val)).toEqual(ROWS.toReversed());
    expect(
      (
        await post(app, "/table/create_from_digests", {
          project_id: PROJECT,
          row_digests: ROW_DIGESTS,
          expected_digest: TABLE_DIGEST,
        })
      ).json,
    ).toEqual({ digest: TABLE_DIGEST });
  });

  it("refuses digests the project has no row for (400 naming them), a wrong expected digest (409) and other tenants (403)", async () => {
    const { app } = createTestApp();
    await create(app, ROWS);
    const unknown = await post(app, "/table/create_from_digests", {
      project_id: PROJECT,
      row_digests: [ROW_DIGESTS[0], "x".repeat(43)],
    });
    expect({ status: unknown.status, reason: unknown.json.reason }).toEqual({
      status: 400,
      reason: `The project has no row with these digests: row_digests[1] ${"x".repeat(43)}. Send the rows with /table/create or /table/update.`,
    });
    expect(
      (await post(app, "/table/create_from_digests", { project_id: "demo/other", row_digests: ROW_DIGESTS })).status,
    ).toBe(400);
    expect(
      (
        await post(app, "/table/create_from_digests", {
          project_id: PROJECT,
          row_digests: ROW_DIGESTS,
          expected_digest: "nope",
        })
      ).status,
    ).toBe(409);
    expect(
      (await post(app, "/table/create_from_digests", { project_id: PROJECT, row_digests: ROW_DIGESTS }, ACME_KEY))
        .status,
    ).toBe(403);
  });
});

describe("tables: update", () => {
  it("appends, pops and inserts in order, as upstream, and answers the row each step touched", async () => {
    const { app } = createTestApp();
    await create(app, ROWS);
    const updates = [
      { append: { row: { input: "x" } } },
      { pop: { index: 0 } },
      { insert: { index: 0, row: { input: "y" } } },
    ];
    const res = await post(app, "/table/update", { project_id: PROJECT, base_digest: TABLE_DIGEST, updates });
    expect(res.status).toBe(200);
    expect(TableUpdateResponse.parse(res.json)).toEqual({
      digest: UPDATED_DIGEST,
      updated_row_digests: [X_DIGEST, ROW_DIGESTS[0], Y_DIGEST],
    });
    const rows = await query(app, { digest: UPDATED_DIGEST });
    expect(rows).toEqual([
      { digest: Y_DIGEST, val: { input: "y" }, original_index: 0 },
      { digest: ROW_DIGESTS[1], val: ROWS[1], original_index: 1 },
      { digest: X_DIGEST, val: { input: "x" }, original_index: 2 },
    ]);
    // The base table is unchanged.
    expect((await query(app, { digest: TABLE_DIGEST })).map((r) => r.digest)).toEqual(ROW_DIGESTS);
  });

  it("refuses an unknown base (404) and an index past the end (400 naming the step), storing nothing", async () => {
    const { app } = createTestApp();
    await create(app, ROWS);
    const unknown = await post(app, "/table/update", { project_id: PROJECT, base_digest: "0".repeat(64), updates: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.json.reason).toBe(`Table ${PROJECT}:${"0".repeat(64)} not found`);
    const pop = await post(app, "/table/update", {
      project_id: PROJECT,
      base_digest: TABLE_DIGEST,
      updates: [{ append: { row: { a: 1 } } }, { pop: { index: 3 } }],
    });
    expect(pop.status).toBe(400);
    expect(pop.json.reason).toBe(
      "updates[1]: pop index 3 is out of range: the table has 3 rows at that step (valid: 0 to 2).",
    );
    const insert = await post(app, "/table/update", {
      project_id: PROJECT,
      base_digest: TABLE_DIGEST,
      updates: [{ insert: { index: 3, row: {} } }],
    });
    expect(insert.json.reason).toBe(
      "updates[0]: insert index 3 is out of range: the table has 2 rows at that step (valid: 0 to 2).",
    );
    const bad = await post(app, "/table/update", {
      project_id: PROJECT,
      base_digest: TABLE_DIGEST,
      updates: [{ remove: { index: 0 } }, { pop: { index: -1 } }],
    });
    expect(bad.status).toBe(422);
    // Pops and inserts move the rows after them: a request holds at most LIMITS.tableEdits of them.
    const edits = Array.from({ length: LIMITS.tableEdits + 1 }, (_, i) => ({ insert: { index: 0, row: { i } } }));
    const tooManyEdits = await post(app, "/table/update", {
      project_id: PROJECT,
      base_digest: TABLE_DIGEST,
      updates: edits,
    });
    expect({ status: tooManyEdits.status, detail: tooManyEdits.json.detail }).toEqual({
      status: 422,
      detail: [
        {
          loc: ["body", "updates"],
          msg: `at most ${LIMITS.tableEdits} pop and insert steps in one request (this one has ${LIMITS.tableEdits + 1})`,
          type: "too_long",
        },
      ],
    });
    expect(
      (await post(app, "/table/update", { project_id: PROJECT, base_digest: TABLE_DIGEST, updates: edits.slice(1) }))
        .status,
    ).toBe(200);
    const stats = TableQueryStatsBatchResponse.parse(
      (await post(app, "/table/query_stats_batch", { project_id: PROJECT, digests: [TABLE_DIGEST] })).json,
    );
    expect(stats.tables).toEqual([{ digest: TABLE_DIGEST, count: 2, storage_size_bytes: null }]);
  });
});

/** Each row as `<its id>@<its place in the table>`. */
const ids = (rows: { val: unknown; original_index?: number | null }[]) =>
  rows.map((r) => `${(r.val as { id: number }).id}@${r.original_index}`);

describe("tables: query and stats", () => {
  const TICKETS = [
    { id: 1, meta: { priority: 2 }, text: "b" },
    { id: 2, meta: { priority: 1 }, text: "a" },
    { id: 3, meta: { priority: 2 }, text: "c" },
    { id: 4, text: "no priority" },
    { id: 1, meta: { priority: 2 }, text: "b" },
  ];

  it("pages in table order, sorts by dotted paths (ties in table order), and filters by row digest", async () => {
    const { app } = createTestApp();
    const { digest, row_digests } = TableCreateResponse.parse((await create(app, TICKETS)).json);
    expect(ids(await query(app, { digest }))).toEqual(["1@0", "2@1", "3@2", "4@3", "1@4"]);
    expect(ids(await query(app, { digest, limit: 2, offset: 1 }))).toEqual(["2@1", "3@2"]);
    expect(ids(await query(app, { digest, sort_by: [{ field: "meta.priority", direction: "desc" }] }))).toEqual([
      "1@0",
      "3@2",
      "1@4",
      "2@1",
      "4@3",
    ]);
    expect(
      ids(
        await query(app, {
          digest,
          sort_by: [
            { field: "meta.priority", direction: "asc" },
            { field: "text", direction: "desc" },
          ],
        }),
      ),
    ).toEqual(["4@3", "2@1", "3@2", "1@0", "1@4"]);
    // A repeated row is one digest: the filter finds it at both places.
    expect(ids(await query(app, { digest, filter: { row_digests: [row_digests[0], row_digests[3]] } }))).toEqual([
      "1@0",
      "4@3",
      "1@4",
    ]);
    expect(ids(await query(app, { digest, filter: { row_digests: [] }, limit: 1 }))).toEqual(["1@0"]);
    expect(await query(app, { digest: "f".repeat(64) })).toEqual([]);

    for (const field of ["", ".meta", "meta.", "meta..priority", 'a"b']) {
      const res = await post(app, "/table/query", {
        project_id: PROJECT,
        digest,
        sort_by: [{ field, direction: "asc" }],
      });
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
    }
    expect((await post(app, "/table/query", { project_id: PROJECT, digest, limit: -1 })).status).toBe(422);
    expect(
      (await post(app, "/table/query", { project_id: PROJECT, digest, sort_by: [{ field: "id", direction: "up" }] }))
        .status,
    ).toBe(422);
  });

  it("counts rows; the batch answers known tables once each, with their size when asked", async () => {
    const { app } = createTestApp();
    const { digest } = TableCreateResponse.parse((await create(app, TICKETS)).json);
    expect((await post(app, "/table/query_stats", { project_id: PROJECT, digest })).json).toEqual({ count: 5 });
    expect((await post(app, "/table/query_stats", { project_id: PROJECT, digest: "f".repeat(64) })).json).toEqual({
      count: 0,
    });
    const batch = await post(app, "/table/query_stats_batch", {
      project_id: PROJECT,
      digests: [digest, "f".repeat(64), digest],
      include_storage_size: true,
    });
    const bytes = TICKETS.reduce((sum, row) => sum + Buffer.byteLength(JSON.stringify(row)), 0);
    expect(batch.json).toEqual({ tables: [{ digest, count: 5, storage_size_bytes: bytes }] });
  });
});
