import { describe, expect, it } from "vitest";
import { FeedbackCreateResponse, FeedbackQueryResponse } from "../../../contract/trace-feedback";
import { ObjCreateResponse } from "../../../contract/trace-objects";
import { upsertUser } from "../../auth/users";
import { DEMO_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

// One answer stands per call and question (per annotator, for a spec unique among creators):
// creates that arrive together must not all be stored, whatever their interleaving.

const API = "/api/trace";
const CALL = `weave:///${PROJECT}/call/0192aaaa-0000-7000-8000-0000000000c1`;
const MARIA_KEY = "maria-standing-answer-key";
const AT_ONCE = 20;

type App = ReturnType<typeof createTestApp>["app"];

async function setup() {
  const { app, db } = createTestApp();
  upsertUser(db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
  const spec = async (name: string, uniqueAmongCreators: boolean) => {
    const val = {
      name,
      field_schema: { type: "integer", minimum: 1, maximum: 5 },
      unique_among_creators: uniqueAmongCreators,
    };
    const res = await call(app, "POST", `${API}/obj/create`, {
      body: { obj: { project_id: PROJECT, object_id: name, val, builtin_object_class: "AnnotationSpec" } },
      headers: bearer(),
    });
    return `weave:///${PROJECT}/object/${name}:${ObjCreateResponse.parse(res.json).digest}`;
  };
  return { app, shared: await spec("resolution_score", false), perAnnotator: await spec("tone", true) };
}

const post = (app: App, path: string, body: Record<string, unknown>, key: string = DEMO_KEY) =>
  call(app, "POST", `${API}${path}`, { body: { project_id: PROJECT, ...body }, headers: bearer(key) });
const answer = (name: string, ref: string, value: number) => ({
  weave_ref: CALL,
  feedback_type: `wandb.annotation.${name}`,
  annotation_ref: ref,
  payload: { value },
});
const rows = async (app: App) => FeedbackQueryResponse.parse((await post(app, "/feedback/query", {})).json).result;

/** `AT_ONCE` creates sent together (each with its own value), their statuses in order. */
async function createTogether(
  app: App,
  body: (i: number) => Record<string, unknown>,
  key: (i: number) => string = () => DEMO_KEY,
): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: AT_ONCE }, (_, i) => post(app, "/feedback/create", body(i), key(i))),
  );
  return responses.map((res) => res.status);
}

describe("one answer stands per call and question", () => {
  it(`of ${AT_ONCE} creates of a shared answer at once, exactly one is stored; the others are 409s that say to replace`, async () => {
    const { app, shared } = await setup();
    const statuses = await createTogether(
      app,
      (i) => answer("resolution_score", shared, 1 + (i % 5)),
      (i) => (i % 2 === 0 ? DEMO_KEY : MARIA_KEY),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(AT_ONCE - 1);
    expect((await rows(app)).filter((row) => row.feedback_type === "wandb.annotation.resolution_score")).toHaveLength(
      1,
    );
    const refused = await post(app, "/feedback/create", answer("resolution_score", shared, 3), MARIA_KEY);
    expect({ status: refused.status, reason: (refused.json as { reason?: string }).reason }).toEqual({
      status: 409,
      reason: expect.stringMatching(/already stands.*replace it/),
    });
  });

  it(`of ${AT_ONCE} creates by one annotator of a per-annotator answer at once (two tabs), one is stored; another annotator's still is`, async () => {
    const { app, perAnnotator } = await setup();
    const statuses = await createTogether(app, (i) => answer("tone", perAnnotator, 1 + (i % 5)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect((await post(app, "/feedback/create", answer("tone", perAnnotator, 2), MARIA_KEY)).status).toBe(200);
    expect((await rows(app)).map((row) => row.wb_user_id).sort()).toEqual(["user-demo", "user-maria"]);
  });

  it("a standing answer is replaced, not refused, and a deleted one frees the place for a create", async () => {
    const { app, shared } = await setup();
    const first = FeedbackCreateResponse.parse(
      (await post(app, "/feedback/create", answer("resolution_score", shared, 2))).json,
    );
    const replaced = await post(
      app,
      "/feedback/replace",
      { ...answer("resolution_score", shared, 4), feedback_id: first.id },
      MARIA_KEY,
    );
    expect(replaced.status).toBe(200);
    const { id } = FeedbackCreateResponse.parse(replaced.json);
    expect(
      (await post(app, "/feedback/purge", { query: { $expr: { $eq: [{ $getField: "id" }, { $literal: id }] } } }))
        .status,
    ).toBe(200);
    expect((await post(app, "/feedback/create", answer("resolution_score", shared, 5))).status).toBe(200);
  });

  it(`leaves other feedback alone: ${AT_ONCE} notes and ${AT_ONCE} scores on one call at once are all stored`, async () => {
    const { app } = await setup();
    const notes = await createTogether(app, (i) => ({
      weave_ref: CALL,
      feedback_type: "wandb.note.1",
      payload: { note: `note ${i}` },
    }));
    const scores = await createTogether(app, (i) => ({
      weave_ref: CALL,
      feedback_type: "wandb.runnable.judge",
      runnable_ref: `weave:///${PROJECT}/object/judge:${"a".repeat(43)}`,
      payload: { output: i },
    }));
    expect([...notes, ...scores].every((status) => status === 200)).toBe(true);
    expect(await rows(app)).toHaveLength(2 * AT_ONCE);
  });
});
