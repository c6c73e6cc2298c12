import { describe, expect, it } from "vitest";
import { ObjCreateResponse, ObjReadResponse } from "../../../contract/trace-objects";
import { bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";
import { ACTION_PROMPT_MAX_LENGTH } from "./action-spec";

// An LLM judge is an ActionSpec object, checked as upstream's model checks it
// (wandb/weave: weave/trace_server/interface/builtin_object_classes/actions.py), except that any
// model name is taken (upstream allows only gpt-4o and gpt-4o-mini).

const API = "/api/trace";
type App = ReturnType<typeof createTestApp>["app"];

const JUDGE = {
  name: "Helpfulness judge",
  description: "Rates how helpful the reply is",
  config: {
    action_type: "llm_judge",
    model: "meta-llama/Llama-3.3-70B-Instruct",
    prompt: "Rate {{question}} for {{inputs.messages}}.",
    response_schema: {
      type: "object",
      properties: { reasoning: { type: "string", maxLength: 2000 }, answer: { type: "integer", minimum: 1 } },
      required: ["reasoning", "answer"],
      additionalProperties: false,
    },
  },
  judge: { queue_id: "q-1", spec_ref: `weave:///${PROJECT}/object/tone:abc`, service: "inference" },
};
const CLASSED = { _type: "ActionSpec", ...JUDGE, _class_name: "ActionSpec", _bases: ["BaseObject", "BaseModel"] };

const create = (app: App, val: unknown, builtin?: string) =>
  call(app, "POST", `${API}/obj/create`, {
    body: {
      obj: {
        project_id: PROJECT,
        object_id: "judge-helpfulness",
        val,
        ...(builtin ? { builtin_object_class: builtin } : {}),
      },
    },
    headers: bearer(),
  });

async function read(app: App, digest: string) {
  const res = await call(app, "POST", `${API}/obj/read`, {
    body: { project_id: PROJECT, object_id: "judge-helpfulness", digest },
    headers: bearer(),
  });
  return ObjReadResponse.parse(res.json).obj;
}

describe("objects: ActionSpec (an LLM judge)", () => {
  it("stores a classed judge as sent, our extra keys included, and lists it under its class", async () => {
    const { app } = createTestApp();
    const res = await create(app, CLASSED);
    expect(res.status).toBe(200);
    const obj = await read(app, ObjCreateResponse.parse(res.json).digest);
    expect(obj).toMatchObject({ base_object_class: "ActionSpec", leaf_object_class: "ActionSpec", val: CLASSED });
  });

  it("adds the class to a judge sent with builtin_object_class, keeping unknown keys; same value, same digest", async () => {
    const { app } = createTestApp();
    const sent = await create(app, JUDGE, "ActionSpec");
    expect(sent.status).toBe(200);
    const obj = await read(app, ObjCreateResponse.parse(sent.json).digest);
    expect(obj.val).toEqual(CLASSED);
    expect(obj.leaf_object_class).toBe("ActionSpec");
    const again = await create(app, CLASSED);
    expect(ObjCreateResponse.parse(again.json).digest).toBe(ObjCreateResponse.parse(sent.json).digest);
  });

  it("takes any model name and a contains_words action", async () => {
    const { app } = createTestApp();
    const checkpoint = { ...JUDGE, config: { ...JUDGE.config, model: "wandb-artifact:///demo/support-bot/agent" } };
    expect((await create(app, checkpoint, "ActionSpec")).status).toBe(200);
    const words = { name: "Mentions refunds", config: { action_type: "contains_words", target_words: ["refund"] } };
    expect((await create(app, words, "ActionSpec")).status).toBe(200);
  });

  it("refuses a judge it could not run, naming the field, whether classed or sent with builtin_object_class", async () => {
    const { app } = createTestApp();
    const withConfig = (config: Record<string, unknown>) => ({ ...JUDGE, config: { ...JUDGE.config, ...config } });
    const cases: [unknown, RegExp][] = [
      [{ ...JUDGE, name: undefined }, /ActionSpec\.name must be a non-empty string/],
      [{ ...JUDGE, name: "  " }, /ActionSpec\.name must be a non-empty string/],
      [{ ...JUDGE, description: 3 }, /ActionSpec\.description must be a string or null/],
      [{ ...JUDGE, config: undefined }, /ActionSpec\.config must be an object/],
      [withConfig({ action_type: "python" }), /ActionSpec\.config\.action_type must be "llm_judge" or/],
      [withConfig({ action_type: undefined }), /ActionSpec\.config\.action_type/],
      [withConfig({ model: "" }), /ActionSpec\.config\.model must be a non-empty string/],
      [withConfig({ model: 4 }), /ActionSpec\.config\.model must be a non-empty string/],
      [withConfig({ prompt: undefined }), /ActionSpec\.config\.prompt must be a string/],
      [
        withConfig({ prompt: "x".repeat(ACTION_PROMPT_MAX_LENGTH + 1) }),
        /ActionSpec\.config\.prompt must be at most 50000 characters/,
      ],
      [withConfig({ response_schema: undefined }), /ActionSpec\.config\.response_schema is required/],
      [withConfig({ response_schema: "yes" }), /ActionSpec\.config\.response_schema must be a JSON object/],
      [
        withConfig({ response_schema: { type: "rating" } }),
        /ActionSpec\.config\.response_schema is not a valid JSON Schema/,
      ],
      [
        { name: "Words", config: { action_type: "contains_words", target_words: [1] } },
        /ActionSpec\.config\.target_words must be a list of strings/,
      ],
    ];
    for (const [val, why] of cases) {
      for (const [sent, builtin] of [
        [val, "ActionSpec"],
        [{ ...(val as object), _type: "ActionSpec", _class_name: "ActionSpec", _bases: ["BaseObject", "BaseModel"] }],
      ] as const) {
        const res = await create(app, sent, builtin);
        expect({ builtin, status: res.status, reason: (res.json as { reason?: string }).reason }).toEqual({
          builtin,
          status: 400,
          reason: expect.stringMatching(why),
        });
      }
    }
    const listed = await call(app, "POST", `${API}/objs/query`, { body: { project_id: PROJECT }, headers: bearer() });
    expect((listed.json as { objs: unknown[] }).objs).toEqual([]);
  });

  it("refuses an ActionSpec sent as another class", async () => {
    const { app } = createTestApp();
    const res = await create(app, CLASSED, "AnnotationSpec");
    expect(res.status).toBe(400);
    expect((res.json as { reason: string }).reason).toMatch(/ActionSpec != AnnotationSpec/);
  });
});
