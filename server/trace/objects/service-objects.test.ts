import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits";
import {
  ObjCreateResponse,
  ObjQueryResponse,
  ObjReadResponse,
  RefsReadBatchResponse,
} from "../../../contract/trace-objects";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

const API = "/api/trace";
const RATING = {
  name: "Tone",
  description: "How kind the answer sounds",
  field_schema: { type: "integer", minimum: 1, maximum: 5 },
};

type App = ReturnType<typeof createTestApp>["app"];

async function create(
  app: App,
  objectId: string,
  val: unknown,
  builtin: string | null = "AnnotationSpec",
  key?: string,
) {
  return call(app, "POST", `${API}/obj/create`, {
    body: {
      obj: { project_id: PROJECT, object_id: objectId, val, ...(builtin ? { builtin_object_class: builtin } : {}) },
    },
    headers: bearer(key),
  });
}

async function createdDigest(app: App, objectId: string, val: unknown, builtin: string | null = "AnnotationSpec") {
  const res = await create(app, objectId, val, builtin);
  // The body rides along so a refusal says why.
  expect({ status: res.status, body: res.status === 200 ? null : res.json }).toEqual({ status: 200, body: null });
  return ObjCreateResponse.parse(res.json).digest;
}

const read = (app: App, objectId: string, digest: string, key?: string) =>
  call(app, "POST", `${API}/obj/read`, {
    body: { project_id: PROJECT, object_id: objectId, digest },
    headers: bearer(key),
  });
const query = (app: App, body: Record<string, unknown>) =>
  call(app, "POST", `${API}/objs/query`, { body: { project_id: PROJECT, ...body }, headers: bearer() });
const readRefs = (app: App, refs: string[], key?: string) =>
  call(app, "POST", `${API}/refs/read_batch`, { body: { refs }, headers: bearer(key) });
const refOf = (name: string, digest: string) => `weave:///${PROJECT}/object/${name}:${digest}`;

describe("objects: annotation specs", () => {
  it("stores a spec with its class added, one version per distinct value", async () => {
    const { app } = createTestApp();
    const digest = await createdDigest(app, "tone", RATING);
    expect(digest).toMatch(/^[A-Za-z0-9]{43}$/);
    const { obj } = ObjReadResponse.parse((await read(app, "tone", digest)).json);
    expect(obj).toMatchObject({
      object_id: "tone",
      digest,
      version_index: 0,
      is_latest: 1,
      kind: "object",
      base_object_class: "AnnotationSpec",
      leaf_object_class: "AnnotationSpec",
      wb_user_id: "user-demo",
    });
    expect(obj.val).toEqual({
      _type: "AnnotationSpec",
      ...RATING,
      unique_among_creators: false,
      op_scope: null,
      _class_name: "AnnotationSpec",
      _bases: ["BaseObject", "BaseModel"],
    });

    // The same value is the same version; another value is the next, and the latest.
    expect(await createdDigest(app, "tone", RATING)).toBe(digest);
    const second = await createdDigest(app, "tone", { ...RATING, unique_among_creators: true });
    expect(second).not.toBe(digest);
    expect(ObjReadResponse.parse((await read(app, "tone", digest)).json).obj.is_latest).toBe(0);
    expect(ObjReadResponse.parse((await read(app, "tone", "latest")).json).obj).toMatchObject({
      digest: second,
      version_index: 1,
      is_latest: 1,
    });
    expect(ObjReadResponse.parse((await read(app, "tone", "v0")).json).obj.digest).toBe(digest);
  });

  it("refuses a spec whose field_schema is not a JSON Schema, naming the problem, and stores nothing", async () => {
    const { app } = createTestApp();
    for (const fieldSchema of [
      { type: "nope" },
      { type: "integer", minimum: "one" },
      "integer",
      { $ref: "#/$defs/missing" },
    ]) {
      const res = await create(app, "broken", { ...RATING, field_schema: fieldSchema });
      expect({ fieldSchema, status: res.status }).toEqual({ fieldSchema, status: 400 });
      expect(String((res.json as { reason: string }).reason)).toMatch(
        /^AnnotationSpec\.field_schema (is not a (valid|usable) JSON Schema|must be a JSON object)/,
      );
    }
    const big = { type: "string", enum: Array.from({ length: 10_000 }, (_, i) => `choice number ${i}`) };
    expect((await create(app, "broken", { ...RATING, field_schema: big })).status).toBe(400);
    expect(JSON.stringify(big).length).toBeGreaterThan(LIMITS.fieldSchemaBytes);
    expect((await read(app, "broken", "latest")).status).toBe(404);
  });

  it("refuses wrong field types, a class for a non-object value, and an unknown class", async () => {
    const { app } = createTestApp();
    expect((await create(app, "x", { ...RATING, unique_among_creators: "yes" })).status).toBe(400);
    expect((await create(app, "x", { ...RATING, name: 3 })).status).toBe(400);
    expect((await create(app, "x", { ...RATING, op_scope: "weave:///a/b/op/c:d" })).status).toBe(400);
    expect((await create(app, "x", [1, 2])).status).toBe(400);
    expect((await create(app, "x", { a: 1 }, "Leaderboard")).status).toBe(400);
    // A class the value names itself must agree with the one asked for.
    expect(
      (await create(app, "x", { ...RATING, _class_name: "Other", _bases: ["BaseObject", "BaseModel"] })).status,
    ).toBe(400);
    // A plain value without a class is any JSON.
    expect((await create(app, "plain", [1, "two", { three: 3 }], null)).status).toBe(200);
  });

  it("checks the object's name and the caller's entity", async () => {
    const { app } = createTestApp();
    expect((await create(app, "has space", RATING)).status).toBe(422);
    expect((await create(app, "", RATING)).status).toBe(422);
    const digest = await createdDigest(app, "tone", RATING);
    expect((await create(app, "tone", RATING, "AnnotationSpec", ACME_KEY)).status).toBe(403);
    expect((await read(app, "tone", digest, ACME_KEY)).status).toBe(403);
    expect((await readRefs(app, [refOf("tone", digest)], ACME_KEY)).status).toBe(403);
  });
});

describe("objects: queries and refs", () => {
  it("lists the project's specs by class, newest only when asked, in pages", async () => {
    const { app } = createTestApp();
    await createdDigest(app, "b-choice", { field_schema: { type: "string", enum: ["a", "b"] } });
    await createdDigest(app, "a-rating", RATING);
    await createdDigest(app, "a-rating", { ...RATING, description: "v2" });
    await createdDigest(app, "plain", { not: "a spec" }, null);

    const specs = ObjQueryResponse.parse(
      (await query(app, { filter: { base_object_classes: ["AnnotationSpec"] } })).json,
    ).objs;
    expect(specs.map((o) => `${o.object_id}@${o.version_index}`)).toEqual(["a-rating@0", "a-rating@1", "b-choice@0"]);
    const latest = ObjQueryResponse.parse(
      (await query(app, { filter: { base_object_classes: ["AnnotationSpec"], latest_only: true } })).json,
    ).objs;
    expect(latest.map((o) => `${o.object_id}@${o.version_index}`)).toEqual(["a-rating@1", "b-choice@0"]);
    const page = ObjQueryResponse.parse(
      (
        await query(app, {
          sort_by: [{ field: "object_id", direction: "desc" }],
          limit: 2,
          offset: 1,
          metadata_only: true,
        })
      ).json,
    ).objs;
    expect(page.map((o) => o.object_id)).toEqual(["b-choice", "a-rating"]);
    expect(page[0]!.val).toEqual({});
    expect((await query(app, { filter: { nope: true } })).status).toBe(422);
  });

  it("reads refs in order; one unknown version fails the batch; :latest, unknown path edges and other kinds of ref are refused", async () => {
    const { app } = createTestApp();
    const rating = await createdDigest(app, "rating", RATING);
    const plain = await createdDigest(app, "plain", { hello: "world" }, null);
    const { vals } = RefsReadBatchResponse.parse(
      (await readRefs(app, [refOf("plain", plain), refOf("rating", rating)])).json,
    );
    expect(vals[0]).toEqual({ hello: "world" });
    expect(vals[1]).toMatchObject({ _class_name: "AnnotationSpec", name: "Tone" });

    expect((await readRefs(app, [refOf("rating", rating), refOf("rating", "0".repeat(43))])).status).toBe(404);
    expect((await readRefs(app, [refOf("rating", "latest")])).status).toBe(400);
    expect((await readRefs(app, [`weave:///${PROJECT}/call/0192`])).status).toBe(400);
    // A path into the value is read as upstream reads it (refs-paths.test.ts has the rest).
    expect(
      RefsReadBatchResponse.parse((await readRefs(app, [`${refOf("rating", rating)}/attr/name`])).json).vals,
    ).toEqual(["Tone"]);
    expect((await readRefs(app, [`${refOf("rating", rating)}/nope/name`])).status).toBe(400);
    expect(
      (
        await readRefs(
          app,
          Array.from({ length: LIMITS.objectQueryList + 1 }, () => refOf("rating", rating)),
        )
      ).status,
    ).toBe(422);
  });
});

describe("objects: ops and datasets, as the weave SDKs send them", () => {
  // The TypeScript SDK's op: its code is a file (files/), named by digest.
  const OP = {
    _type: "CustomWeaveType",
    weave_type: { type: "Op" },
    files: { "obj.py": "4OSdXjqZXXdgDApQSP136YGvU1lskUF5DlQWkJzSWX8" },
    load_op: "NO_LOAD_OP",
  };
  // The dataset's rows are a table ref (the table itself is not checked, as upstream).
  const DATASET = {
    _type: "Dataset",
    _class_name: "Dataset",
    _bases: ["Object", "BaseModel"],
    name: "tickets",
    description: null,
    rows: `weave:///${PROJECT}/table/${"a".repeat(64)}`,
  };

  it("stores an op as kind 'op' with no class, and a dataset with class Dataset, each read back as sent", async () => {
    const { app } = createTestApp();
    const opDigest = await createdDigest(app, "route_ticket", OP, null);
    const dataset = DATASET;
    const datasetDigest = await createdDigest(app, "tickets", dataset, null);

    const op = ObjReadResponse.parse((await read(app, "route_ticket", opDigest)).json).obj;
    expect(op).toMatchObject({ kind: "op", base_object_class: null, leaf_object_class: null, val: OP });
    const stored = ObjReadResponse.parse((await read(app, "tickets", datasetDigest)).json).obj;
    expect(stored).toMatchObject({
      kind: "object",
      base_object_class: "Dataset",
      leaf_object_class: "Dataset",
      val: dataset,
    });

    const ops = ObjQueryResponse.parse((await query(app, { filter: { is_op: true } })).json).objs;
    expect(ops.map((o) => o.object_id)).toEqual(["route_ticket"]);
    const datasets = ObjQueryResponse.parse(
      (await query(app, { filter: { base_object_classes: ["Dataset"] } })).json,
    ).objs;
    expect(datasets.map((o) => o.object_id)).toEqual(["tickets"]);
    // Refs to both read back through /refs/read_batch, the op by its /op/ ref.
    const vals = RefsReadBatchResponse.parse(
      (await readRefs(app, [`weave:///${PROJECT}/op/route_ticket:${opDigest}`, refOf("tickets", datasetDigest)])).json,
    ).vals;
    expect(vals).toEqual([OP, dataset]);
  });
});
