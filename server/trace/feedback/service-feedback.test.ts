import { describe, expect, it } from "vitest";
import { FeedbackCreateResponse, FeedbackQueryResponse } from "../../../contract/trace-feedback";
import { ObjCreateResponse } from "../../../contract/trace-objects";
import { upsertUser } from "../../auth/users";
import { ACME_KEY, DEMO_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

const API = "/api/trace";
const CALL = `weave:///${PROJECT}/call/0192aaaa-0000-7000-8000-000000000001`;
const OTHER_CALL = `weave:///${PROJECT}/call/0192aaaa-0000-7000-8000-000000000002`;
const MARIA_KEY = "maria-feedback-key";

type App = ReturnType<typeof createTestApp>["app"];

async function spec(app: App, name: string, fieldSchema: object, uniqueAmongCreators = false) {
  const val = { name, field_schema: fieldSchema, unique_among_creators: uniqueAmongCreators };
  const res = await call(app, "POST", `${API}/obj/create`, {
    body: { obj: { project_id: PROJECT, object_id: name, val, builtin_object_class: "AnnotationSpec" } },
    headers: bearer(),
  });
  return `weave:///${PROJECT}/object/${name}:${ObjCreateResponse.parse(res.json).digest}`;
}

const post = (app: App, path: string, body: Record<string, unknown>, key?: string) =>
  call(app, "POST", `${API}${path}`, { body: { project_id: PROJECT, ...body }, headers: bearer(key) });
const annotation = (name: string, ref: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  weave_ref: CALL,
  feedback_type: `wandb.annotation.${name}`,
  annotation_ref: ref,
  payload: { value },
  ...extra,
});
const byId = (id: string) => ({ $eq: [{ $getField: "id" }, { $literal: id }] });
const reason = (res: { json: unknown }) => String((res.json as { reason?: string }).reason);
const rows = async (app: App, body: Record<string, unknown> = {}) =>
  FeedbackQueryResponse.parse((await post(app, "/feedback/query", body)).json).result;

describe("feedback: human annotations", () => {
  it("stores an answer that fits its spec, with the caller as its author", async () => {
    const { app } = createTestApp();
    const tone = await spec(app, "tone", { type: "integer", minimum: 1, maximum: 5 });
    const res = await post(app, "/feedback/create", annotation("tone", tone, 4, { wb_user_id: "someone-else" }));
    expect(res.status).toBe(200);
    const created = FeedbackCreateResponse.parse(res.json);
    expect(created).toMatchObject({ wb_user_id: "user-demo", payload: { value: 4 } });
    const [row] = await rows(app);
    expect(row).toMatchObject({
      id: created.id,
      weave_ref: CALL,
      feedback_type: "wandb.annotation.tone",
      annotation_ref: tone,
      wb_user_id: "user-demo",
      payload: { value: 4 },
    });
  });

  it("refuses, naming why, and writes nothing: a value outside the schema, a missing or mismatched spec ref, a foreign ref", async () => {
    const { app } = createTestApp();
    const tone = await spec(app, "tone", { type: "integer", minimum: 1, maximum: 5 });
    const choice = await spec(app, "resolution", { type: "string", enum: ["Resolved", "Not resolved"] });
    const cases: [Record<string, unknown>, RegExp][] = [
      [annotation("tone", tone, 6), /payload\.value does not fit the spec 'tone': value must be <= 5/],
      [annotation("tone", tone, "4"), /value must be integer/],
      [annotation("resolution", choice, "Maybe"), /must be equal to one of the allowed values/],
      [
        annotation("tone", tone, 3, { payload: { value: 3, extra: 1 } }),
        /payload is \{"value": \.\.\.\} and nothing else/,
      ],
      [{ ...annotation("tone", tone, 3), annotation_ref: undefined }, /annotation_ref is required/],
      [annotation("resolution", tone, "Resolved"), /names the spec 'tone' but the feedback type names 'resolution'/],
      [annotation("tone", tone.replace(PROJECT, "demo/elsewhere"), 3), /must be in the feedback's project/],
      [annotation("tone", `${tone.slice(0, -43)}${"0".repeat(43)}`, 3), /points at no AnnotationSpec/],
      [
        annotation("tone", tone, 3, { weave_ref: `weave:///demo/elsewhere/call/1` }),
        /weave_ref must point into project/,
      ],
      [
        { weave_ref: CALL, feedback_type: "wandb.note.1", payload: { note: "hi" }, annotation_ref: tone },
        /annotation_ref is only for wandb\.annotation/,
      ],
    ];
    for (const [body, why] of cases) {
      const res = await post(app, "/feedback/create", body);
      expect({ body, status: res.status, reason: reason(res) }).toEqual({
        body,
        status: 400,
        reason: expect.stringMatching(why),
      });
    }
    expect(await rows(app)).toEqual([]);
  });

  it("keeps a keyword JSON Schema does not define in a spec's field_schema (the dashboard's optional mark), and checks answers as before", async () => {
    const { app } = createTestApp();
    const comment = await spec(app, "comment", { type: "string", maxLength: 10, "x-optional": true });
    const stored = await call(app, "POST", `${API}/refs/read_batch`, { body: { refs: [comment] }, headers: bearer() });
    expect((stored.json as { vals: { field_schema: unknown }[] }).vals[0]!.field_schema).toEqual({
      type: "string",
      maxLength: 10,
      "x-optional": true,
    });
    expect((await post(app, "/feedback/create", annotation("comment", comment, "Fine"))).status).toBe(200);
    const tooLong = await post(app, "/feedback/create", annotation("comment", comment, "Far too long for it"));
    expect({ status: tooLong.status, reason: reason(tooLong) }).toEqual({
      status: 400,
      reason: expect.stringMatching(/must NOT have more than 10 characters/),
    });
  });

  it("replaces an answer atomically: a new id, and a refused replacement keeps the old one", async () => {
    const { app } = createTestApp();
    const tone = await spec(app, "tone", { type: "integer", minimum: 1, maximum: 5 });
    const first = FeedbackCreateResponse.parse((await post(app, "/feedback/create", annotation("tone", tone, 2))).json);
    const refused = await post(app, "/feedback/replace", { ...annotation("tone", tone, 9), feedback_id: first.id });
    expect(refused.status).toBe(400);
    expect((await rows(app)).map((r) => [r.id, (r.payload as { value: number }).value])).toEqual([[first.id, 2]]);
    const replaced = FeedbackCreateResponse.parse(
      (await post(app, "/feedback/replace", { ...annotation("tone", tone, 5), feedback_id: first.id })).json,
    );
    expect(replaced.id).not.toBe(first.id);
    expect((await rows(app)).map((r) => [r.id, (r.payload as { value: number }).value])).toEqual([[replaced.id, 5]]);
    expect(
      (await post(app, "/feedback/replace", { ...annotation("tone", tone, 5), feedback_id: first.id })).status,
    ).toBe(404);
  });

  it("keeps both answers when two annotators answer the same call at once", async () => {
    const { app } = createTestApp();
    const tone = await spec(app, "tone", { type: "integer", minimum: 1, maximum: 5 });
    const shared = await spec(app, "comment", { type: "string", maxLength: 20 });
    await Promise.all([
      post(app, "/feedback/create", annotation("tone", tone, 3)),
      post(app, "/feedback/create", annotation("comment", shared, "ok")),
    ]);
    expect((await rows(app)).map((r) => r.feedback_type).sort()).toEqual([
      "wandb.annotation.comment",
      "wandb.annotation.tone",
    ]);
  });
});

describe("feedback: notes, reactions, entity", () => {
  it("takes a note of 1 to 1,024 characters and one emoji as a reaction", async () => {
    const { app } = createTestApp();
    const note = (text: unknown) =>
      post(app, "/feedback/create", { weave_ref: CALL, feedback_type: "wandb.note.1", payload: { note: text } });
    expect((await note("Check the refund amount")).status).toBe(200);
    expect((await note("x".repeat(1024))).status).toBe(200);
    expect((await note("")).status).toBe(400);
    expect((await note("x".repeat(1025))).status).toBe(400);
    expect((await note(42)).status).toBe(400);
    const react = (emoji: string) =>
      post(app, "/feedback/create", { weave_ref: CALL, feedback_type: "wandb.reaction.1", payload: { emoji } });
    expect((await react("👍")).status).toBe(200);
    expect((await react("👍🏽")).status).toBe(200);
    expect((await react("👍👍")).status).toBe(400);
    expect((await react("ok")).status).toBe(400);
  });

  it("refuses a payload over 512 KiB, and another entity's project", async () => {
    const { app } = createTestApp();
    const big = await post(app, "/feedback/create", {
      weave_ref: CALL,
      feedback_type: "custom.score",
      payload: { blob: "x".repeat(600 * 1024) },
    });
    expect(big.status).toBe(400);
    expect(reason(big)).toBe("Feedback payload too large");
    expect(
      (
        await post(
          app,
          "/feedback/create",
          { weave_ref: CALL, feedback_type: "wandb.note.1", payload: { note: "hi" } },
          ACME_KEY,
        )
      ).status,
    ).toBe(403);
    expect((await post(app, "/feedback/query", {}, ACME_KEY)).status).toBe(403);
    expect(
      (
        await post(
          app,
          "/feedback/purge",
          { query: { $expr: { $eq: [{ $getField: "id" }, { $literal: "x" }] } } },
          ACME_KEY,
        )
      ).status,
    ).toBe(403);
  });
});

describe("feedback: the query language and purge", () => {
  it("filters with $and/$or/$not/$eq/$gt/$gte/$in/$contains over columns and payload paths, sorts, pages and picks fields", async () => {
    const { app, db } = createTestApp();
    // Two annotators, each with their own rating of each call (one answer stands per call and annotator).
    upsertUser(db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
    const tone = await spec(app, "tone", { type: "integer", minimum: 1, maximum: 5 }, true);
    for (const [ref, value, key] of [
      [CALL, 1, DEMO_KEY],
      [CALL, 4, MARIA_KEY],
      [OTHER_CALL, 5, DEMO_KEY],
      [OTHER_CALL, 3, MARIA_KEY],
    ] as const) {
      expect(
        (await post(app, "/feedback/create", annotation("tone", tone, value, { weave_ref: ref }), key)).status,
      ).toBe(200);
    }
    await post(app, "/feedback/create", {
      weave_ref: CALL,
      feedback_type: "wandb.note.1",
      payload: { note: "Refund was Late" },
    });
    const values = async (expr: object, extra: Record<string, unknown> = {}) =>
      (await rows(app, { query: { $expr: expr }, ...extra })).map(
        (r) => (r.payload as { value?: number; note?: string }).value ?? (r.payload as { note: string }).note,
      );
    const isTone = { $eq: [{ $getField: "feedback_type" }, { $literal: "wandb.annotation.tone" }] };
    expect(await values(isTone)).toEqual([1, 4, 5, 3]);
    expect(await values({ $and: [isTone, { $gte: [{ $getField: "payload.value" }, { $literal: 4 }] }] })).toEqual([
      4, 5,
    ]);
    expect(
      await values({ $and: [isTone, { $not: [{ $gt: [{ $getField: "payload.value" }, { $literal: 3 }] }] }] }),
    ).toEqual([1, 3]);
    expect(await values({ $in: [{ $getField: "weave_ref" }, [{ $literal: OTHER_CALL }]] })).toEqual([5, 3]);
    expect(
      await values({
        $or: [
          { $eq: [{ $getField: "payload.value" }, { $literal: 1 }] },
          { $contains: { input: { $getField: "payload.note" }, substr: { $literal: "late" }, case_insensitive: true } },
        ],
      }),
    ).toEqual([1, "Refund was Late"]);
    expect(
      await values(isTone, { sort_by: [{ field: "payload.value", direction: "desc" }], limit: 2, offset: 1 }),
    ).toEqual([4, 3]);
    const picked = await rows(app, { fields: ["id", "payload"], limit: 1 });
    expect(Object.keys(picked[0]!)).toEqual(["id", "payload"]);

    for (const bad of [
      { $convert: { input: { $literal: 1 }, to: "int" } },
      { $regex: [] },
      { $eq: [{ $getField: "nope" }, { $literal: 1 }] },
      { $eq: [{ $getField: 'payload.a"b' }, { $literal: 1 }] },
    ]) {
      const res = await post(app, "/feedback/query", { query: { $expr: bad } });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    let deep: object = isTone;
    for (let i = 0; i < 40; i++) deep = { $not: [deep] };
    expect((await post(app, "/feedback/query", { query: { $expr: deep } })).status).toBe(400);
  });

  it("purges by id only", async () => {
    const { app } = createTestApp();
    const ids: string[] = [];
    for (const note of ["a", "b", "c"])
      ids.push(
        FeedbackCreateResponse.parse(
          (await post(app, "/feedback/create", { weave_ref: CALL, feedback_type: "wandb.note.1", payload: { note } }))
            .json,
        ).id,
      );
    expect(
      (await post(app, "/feedback/purge", { query: { $expr: { $or: [byId(ids[0]!), byId(ids[1]!)] } } })).json,
    ).toEqual({ num_deleted: 2 });
    expect(
      (
        await post(app, "/feedback/purge", {
          query: { $expr: { $eq: [{ $getField: "feedback_type" }, { $literal: "wandb.note.1" }] } },
        })
      ).status,
    ).toBe(400);
    expect((await rows(app)).map((r) => r.id)).toEqual([ids[2]]);
  });
});
