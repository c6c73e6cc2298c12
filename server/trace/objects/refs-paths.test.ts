import { describe, expect, it } from "vitest";
import { ObjCreateResponse, RefsReadBatchResponse } from "../../../contract/trace-objects";
import { TableCreateResponse } from "../../../contract/trace-tables";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

const API = "/api/trace";
type App = ReturnType<typeof createTestApp>["app"];

const ROWS = [
  { question: "Where is my refund?", labels: ["billing", "urgent"] },
  { question: "Hi", labels: [] },
];

async function publish(app: App, objectId: string, val: unknown): Promise<string> {
  const res = await call(app, "POST", `${API}/obj/create`, {
    body: { obj: { project_id: PROJECT, object_id: objectId, val } },
    headers: bearer(),
  });
  expect(res.status).toBe(200);
  return `weave:///${PROJECT}/object/${objectId}:${ObjCreateResponse.parse(res.json).digest}`;
}

/** A dataset as the weave SDK publishes one: its rows a table ref. */
async function dataset(app: App) {
  const table = TableCreateResponse.parse(
    (
      await call(app, "POST", `${API}/table/create`, {
        body: { table: { project_id: PROJECT, rows: ROWS } },
        headers: bearer(),
      })
    ).json,
  );
  const tableRef = `weave:///${PROJECT}/table/${table.digest}`;
  const val = {
    _type: "Dataset",
    _class_name: "Dataset",
    _bases: ["Object", "BaseModel"],
    name: "tickets",
    description: null,
    rows: tableRef,
  };
  return { ref: await publish(app, "tickets", val), tableRef, rowDigests: table.row_digests };
}

const read = (app: App, refs: string[], key?: string) =>
  call(app, "POST", `${API}/refs/read_batch`, { body: { refs }, headers: bearer(key) });
const vals = async (app: App, refs: string[]) => {
  const res = await read(app, refs);
  expect({ status: res.status, body: res.status === 200 ? null : res.json }).toEqual({ status: 200, body: null });
  return RefsReadBatchResponse.parse(res.json).vals;
};

describe("/refs/read_batch: paths into objects and tables", () => {
  it("reads a dataset, its rows' ref, one row and a part of a row, as upstream resolves them", async () => {
    const { app } = createTestApp();
    const { ref, tableRef, rowDigests } = await dataset(app);
    const [whole, rows, row, label, missing, pastEnd, last] = await vals(app, [
      ref,
      `${ref}/attr/rows`,
      `${ref}/attr/rows/id/${rowDigests[0]}`,
      `${ref}/attr/rows/id/${rowDigests[0]}/key/labels/index/1`,
      `${ref}/attr/nope/key/deeper`,
      `${ref}/attr/rows/id/${rowDigests[1]}/key/labels/index/0`,
      `${ref}/attr/rows/id/${rowDigests[0]}/key/labels/index/-1`,
    ]);
    expect(whole).toMatchObject({ _type: "Dataset", rows: tableRef });
    expect(rows).toBe(tableRef);
    expect(row).toEqual(ROWS[0]);
    expect(label).toBe("urgent");
    expect([missing, pastEnd, last]).toEqual([null, null, "urgent"]);
    // A row by the table's own ref, and an op, read like objects.
    expect(await vals(app, [`${tableRef}/id/${rowDigests[1]}`])).toEqual([ROWS[1]]);
    const op = {
      _type: "CustomWeaveType",
      weave_type: { type: "Op" },
      files: { "obj.py": "4OSdXjqZXXdgDApQSP136YGvU1lskUF5DlQWkJzSWX8" },
      load_op: "NO_LOAD_OP",
    };
    const opRef = (await publish(app, "answer", op)).replace("/object/", "/op/");
    expect(await vals(app, [opRef, `${opRef}/attr/files/key/obj.py`])).toEqual([
      op,
      "4OSdXjqZXXdgDApQSP136YGvU1lskUF5DlQWkJzSWX8",
    ]);
  });

  it("follows a ref held in an object into another object, and not into another project", async () => {
    const { app } = createTestApp();
    const { ref } = await dataset(app);
    const holder = await publish(app, "holder", {
      inner: ref,
      foreign: `weave:///acme/claims/object/x:${"a".repeat(43)}`,
    });
    expect(
      await vals(app, [`${holder}/attr/inner/attr/name`, `${holder}/attr/foreign/attr/name`, `${holder}/attr/foreign`]),
    ).toEqual(["tickets", null, `weave:///acme/claims/object/x:${"a".repeat(43)}`]);
  });

  it("refuses a bare table ref, unknown edges, odd paths and bad indexes (400); an unknown row fails the batch (404); other tenants get 403", async () => {
    const { app } = createTestApp();
    const { ref, tableRef, rowDigests } = await dataset(app);
    const bare = await read(app, [tableRef]);
    expect({ status: bare.status, reason: String(bare.json.reason).split(":")[0] }).toEqual({
      status: 400,
      reason: "Table refs not supported",
    });
    for (const bad of [
      `${ref}/attr`,
      `${ref}/field/rows`,
      `${ref}/attr/rows/index/x`,
      `${tableRef}/key/a`,
      `${ref}/attr/name/id/${rowDigests[0]}`,
      `${ref}/attr/rows/key/a`,
      "weave:///demo/support-bot/call/abc",
      "not a ref",
    ]) {
      expect({ bad, status: (await read(app, [bad])).status }).toEqual({ bad, status: 400 });
    }
    const unknownRow = await read(app, [ref, `${tableRef}/id/${"b".repeat(43)}`]);
    expect({ status: unknownRow.status, reason: unknownRow.json.reason }).toEqual({
      status: 404,
      reason: `Row ${"b".repeat(43)} not found in table ${tableRef.split("/").at(-1)}`,
    });
    expect((await read(app, [`${ref}/attr/rows/id/${rowDigests[0]}`], ACME_KEY)).status).toBe(403);
    expect((await read(app, [`${tableRef}/id/${rowDigests[0]}`], ACME_KEY)).status).toBe(403);
  });
});
