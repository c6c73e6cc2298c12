import { describe, expect, it } from "vitest";
import { ChatCompletion, ChatCompletionChunk } from "../../contract/chat";
import { bearer, call, createTestApp } from "../testing/test-app";
import { valueProblem } from "../trace/objects/json-schema";
import { INFERENCE, TRAINING, createModel, createRlJob, group, parseSse, runToEnd } from "../training/test-support";
import { approximateTokens } from "../chat/tokens";

// What an LLM judge sends (as upstream's weave/trace_server/actions_worker/actions/llm_judge.py
// does: the prompt as the system message, the call as JSON, response_format json_schema), and
// what the local services answer.

const CHAT = `${INFERENCE}/chat/completions`;
const SCHEMA = {
  type: "object",
  properties: {
    reasoning: { type: "string", maxLength: 2000 },
    answer: { type: "integer", minimum: 1, maximum: 5 },
  },
  required: ["reasoning", "answer"],
  additionalProperties: false,
};
const judgeRequest = (extra: Record<string, unknown> = {}, schema: unknown = SCHEMA) => ({
  model: "meta-llama/Llama-3.3-70B-Instruct",
  messages: [
    { role: "system", content: "Rate how helpful the reply is, 1 to 5." },
    { role: "user", content: JSON.stringify({ inputs: { question: "Where is my refund?" }, output: "On its way." }) },
  ],
  response_format: { type: "json_schema", json_schema: { name: "response_format", schema, strict: true } },
  ...extra,
});

type App = ReturnType<typeof createTestApp>["app"];
const chat = (app: App, body: unknown, path = CHAT) => call(app, "POST", path, { body, headers: bearer() });

describe("inference service: response_format", () => {
  it("answers json_schema with JSON valid against the schema, the same for the same request, marked as simulated", async () => {
    const { app } = createTestApp();
    const res = await chat(app, judgeRequest());
    expect(res.status).toBe(200);
    const completion = ChatCompletion.parse(res.json);
    expect(completion.system_fingerprint).toBe("local-simulation");
    const content = completion.choices[0]!.message.content!;
    const value = JSON.parse(content) as { reasoning: string; answer: number };
    expect(valueProblem(SCHEMA, value)).toBeNull();
    expect(value.reasoning).toMatch(/^\[Local simulation\]/);
    expect(completion.usage).toMatchObject({ completion_tokens: approximateTokens(content) });
    const again = ChatCompletion.parse((await chat(app, judgeRequest())).json);
    expect(again.choices[0]!.message.content).toBe(content);
  });

  it("streams the same JSON in pieces, every chunk carrying the fingerprint", async () => {
    const { app } = createTestApp();
    const whole = ChatCompletion.parse((await chat(app, judgeRequest())).json).choices[0]!.message.content;
    const res = await chat(app, judgeRequest({ stream: true, stream_options: { include_usage: true } }));
    const events = parseSse(res.text);
    expect(events.at(-1)).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((event) => ChatCompletionChunk.parse(JSON.parse(event)));
    expect(chunks.every((chunk) => chunk.system_fingerprint === "local-simulation")).toBe(true);
    const pieces = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? ""));
    expect(pieces.filter((piece) => piece !== "").length).toBeGreaterThan(2);
    expect(pieces.join("")).toBe(whole);
  });

  it("cuts the JSON at max_tokens with finish_reason length, as a model would", async () => {
    const { app } = createTestApp();
    const completion = ChatCompletion.parse((await chat(app, judgeRequest({ max_tokens: 5 }))).json);
    expect(completion.choices[0]!.finish_reason).toBe("length");
    expect(() => JSON.parse(completion.choices[0]!.message.content!)).toThrow(SyntaxError);
  });

  it("answers json_object with an object around the prose reply, and prose with the fingerprint too", async () => {
    const { app } = createTestApp();
    const json = ChatCompletion.parse(
      (await chat(app, judgeRequest({ response_format: { type: "json_object" } }))).json,
    );
    expect(JSON.parse(json.choices[0]!.message.content!)).toEqual({
      reply: expect.stringMatching(/^\[Local simulation of meta-llama\/Llama-3\.3-70B-Instruct\]/),
    });
    const prose = ChatCompletion.parse((await chat(app, judgeRequest({ response_format: undefined }))).json);
    expect(prose.system_fingerprint).toBe("local-simulation");
    expect(prose.choices[0]!.message.content).toMatch(/^\[Local simulation of/);
  });

  it("refuses an unsatisfiable schema with a 400 OpenAI-style naming response_format.json_schema.schema and why", async () => {
    const { app } = createTestApp();
    const bad = {
      ...SCHEMA,
      properties: { ...SCHEMA.properties, answer: { type: "integer", minimum: 5, maximum: 1 } },
    };
    const res = await chat(app, judgeRequest({}, bad));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        message: expect.stringMatching(
          /response_format\.json_schema\.schema\.properties\.answer: minimum \(5\) is not below maximum \(1\)/,
        ),
        type: "invalid_request_error",
        code: "invalid_response_format",
        param: "response_format",
      },
    });
  });

  it("answers a malformed response_format with 422 at the field", async () => {
    const { app } = createTestApp();
    for (const format of [
      { type: "xml" },
      { type: "json_schema", json_schema: { name: "has spaces", schema: SCHEMA } },
      { type: "json_schema", json_schema: { name: "r" } },
    ]) {
      const res = await chat(app, judgeRequest({ response_format: format }));
      expect({ format, status: res.status }).toEqual({ format, status: 422 });
      expect(res.json.detail[0].loc.slice(0, 2)).toEqual(["body", "response_format"]);
    }
  });

  it("answers prose from microsoft/Phi-4-mini-instruct, the model without structured output, whatever is asked", async () => {
    const { app } = createTestApp();
    const res = await chat(app, judgeRequest({ model: "microsoft/Phi-4-mini-instruct" }));
    expect(res.status).toBe(200);
    const completion = ChatCompletion.parse(res.json);
    expect(completion.system_fingerprint).toBe("local-simulation");
    expect(completion.choices[0]!.message.content).toMatch(/^\[Local simulation of microsoft\/Phi-4-mini-instruct\]/);
  });
});

describe("training service: response_format on a trained checkpoint", () => {
  it("honours json_schema as the inference service does", async () => {
    const { app, runner, db } = createTestApp();
    const model = await createModel(app, { name: "judge-agent" });
    await createRlJob(app, model.id, [group([1])]);
    await runToEnd(runner, db);
    const checkpoint = "wandb-artifact:///demo/support-bot/judge-agent";
    for (const path of [`${TRAINING}/chat/completions`, CHAT]) {
      const res = await chat(app, judgeRequest({ model: checkpoint }), path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const completion = ChatCompletion.parse(res.json);
      expect(completion.system_fingerprint).toBe("local-simulation");
      expect(valueProblem(SCHEMA, JSON.parse(completion.choices[0]!.message.content!))).toBeNull();
    }
  });
});
