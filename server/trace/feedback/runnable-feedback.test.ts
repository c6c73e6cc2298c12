import { describe, expect, it } from "vitest";
import { FeedbackCreateResponse, FeedbackQueryResponse } from "../../../contract/trace-feedback";
import { bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

// A judge's score, checked as upstream's validate_feedback_create_req checks it
// (wandb/weave: weave/trace_server/feedback.py and weave/trace_server/interface/feedback_types.py),
// in the shape its actions dispatcher writes (weave/trace_server/actions_worker/dispatcher.py).

const API = "/api/trace";
const CALL = `weave:///${PROJECT}/call/0192aaaa-0000-7000-8000-0000000000d1`;
const DIGEST = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";
const JUDGE = `weave:///${PROJECT}/object/judge-helpfulness:${DIGEST}`;
const OP = `weave:///${PROJECT}/op/score_tone:${DIGEST}`;
const SCORING_CALL = `weave:///${PROJECT}/call/0192aaaa-0000-7000-8000-0000000000d2`;

type App = ReturnType<typeof createTestApp>["app"];

const post = (app: App, path: string, body: Record<string, unknown>) =>
  call(app, "POST", `${API}${path}`, { body: { project_id: PROJECT, ...body }, headers: bearer() });
const verdict = (extra: Record<string, unknown> = {}) => ({
  weave_ref: CALL,
  feedback_type: "wandb.runnable.judge-helpfulness",
  runnable_ref: JUDGE,
  payload: { output: { answer: 4, reasoning: "[Local simulation] Clear and polite." } },
  ...extra,
});
const reason = (res: { json: unknown }) => String((res.json as { reason?: string }).reason);
const rows = async (app: App) => FeedbackQueryResponse.parse((await post(app, "/feedback/query", {})).json).result;

describe("feedback: a judge's score (wandb.runnable.<name>)", () => {
  it("stores a verdict by an object (the judge's ActionSpec) and the query returns its refs", async () => {
    const { app } = createTestApp();
    const res = await post(app, "/feedback/create", verdict());
    expect({ status: res.status, reason: res.status === 200 ? null : reason(res) }).toEqual({
      status: 200,
      reason: null,
    });
    const { id } = FeedbackCreateResponse.parse(res.json);
    expect(await rows(app)).toEqual([
      expect.objectContaining({
        id,
        weave_ref: CALL,
        feedback_type: "wandb.runnable.judge-helpfulness",
        runnable_ref: JUDGE,
        call_ref: null,
        trigger_ref: null,
        annotation_ref: null,
        payload: { output: { answer: 4, reasoning: "[Local simulation] Clear and polite." } },
      }),
    ]);
  });

  it("stores a score by an op with the call that produced it, and keeps payload keys besides output", async () => {
    const { app } = createTestApp();
    const res = await post(app, "/feedback/create", {
      ...verdict({ feedback_type: "wandb.runnable.score_tone", runnable_ref: OP, call_ref: SCORING_CALL }),
      payload: { output: null, note: "pydantic ignores extra keys" },
    });
    expect(res.status).toBe(200);
    const [row] = await rows(app);
    expect(row).toMatchObject({
      runnable_ref: OP,
      call_ref: SCORING_CALL,
      payload: { output: null, note: "pydantic ignores extra keys" },
    });
    const picked = FeedbackQueryResponse.parse(
      (await post(app, "/feedback/query", { fields: ["runnable_ref", "call_ref"] })).json,
    ).result;
    expect(picked).toEqual([{ runnable_ref: OP, call_ref: SCORING_CALL }]);
  });

  it("refuses, naming the field, and writes nothing", async () => {
    const { app } = createTestApp();
    const note = { weave_ref: CALL, feedback_type: "wandb.note.1", payload: { note: "hi" } };
    const cases: [Record<string, unknown>, RegExp][] = [
      [verdict({ feedback_type: "wandb.runnable" }), /Invalid runnable feedback type 'wandb\.runnable'/],
      [verdict({ feedback_type: "wandb.runnable." }), /Invalid runnable feedback type/],
      [verdict({ feedback_type: "wandb.runnablex.judge" }), /Invalid runnable feedback type/],
      [verdict({ runnable_ref: undefined }), /runnable_ref is required/],
      [verdict({ runnable_ref: CALL }), /runnable_ref must be an op or object ref/],
      [verdict({ runnable_ref: JUDGE.replace("judge-helpfulness", "judge-tone") }), /runnable_ref names 'judge-tone'/],
      [verdict({ runnable_ref: JUDGE.replace(PROJECT, "demo/elsewhere") }), /runnable_ref must be in the feedback's/],
      [verdict({ feedback_type: "wandb.runnable.score_tone", runnable_ref: OP }), /call_ref is required .* ops/],
      [
        verdict({ feedback_type: "wandb.runnable.score_tone", runnable_ref: OP, call_ref: JUDGE }),
        /call_ref must be a call ref/,
      ],
      [verdict({ call_ref: SCORING_CALL.replace(PROJECT, "demo/elsewhere") }), /call_ref must be in the feedback's/],
      [verdict({ trigger_ref: OP }), /trigger_ref must be an object ref/],
      [verdict({ payload: { answer: 4 } }), /payload\.output is required/],
      [verdict({ annotation_ref: JUDGE }), /annotation_ref is only for wandb\.annotation/],
      [{ ...note, runnable_ref: JUDGE }, /runnable_ref is only for wandb\.runnable\.<name> feedback, not 'wandb\.note/],
      [{ ...note, call_ref: SCORING_CALL }, /call_ref is only for wandb\.runnable/],
      [{ ...note, trigger_ref: JUDGE }, /trigger_ref is only for wandb\.runnable/],
      [
        { weave_ref: CALL, feedback_type: "wbops.judge_failure", payload: { kind: "malformed" }, runnable_ref: JUDGE },
        /runnable_ref is only for wandb\.runnable/,
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

  it("takes a judge's failure record (not runnable: the ref rides in the payload)", async () => {
    const { app } = createTestApp();
    const res = await post(app, "/feedback/create", {
      weave_ref: CALL,
      feedback_type: "wbops.judge_failure",
      payload: { runnable_ref: JUDGE, kind: "malformed", reason: "The reply was prose, not JSON." },
    });
    expect(res.status).toBe(200);
  });
});
