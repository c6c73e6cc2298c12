import { assert, beforeAll, describe, it } from "vitest";
import { ENDPOINTS, endpointName, type Endpoint } from "./endpoints";
import { expectServiceError } from "./error-shapes";
import { applyMutations, type Mutation } from "./json-mutations";
import { createQualityApp, sendBody } from "./quality-app";

// What a judge sends and stores, broken in ways the contract's shapes let through (each field
// well-typed, the whole wrong): the service refuses with a 4xx that names the field, never a 5xx.

type Ctx = Awaited<ReturnType<typeof createQualityApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createQualityApp();
});

const endpoint = (name: string): Endpoint => {
  const found = ENDPOINTS.find((e) => endpointName(e) === name);
  assert.isDefined(found, name);
  return found!;
};

const VERDICT = "POST /api/trace/feedback/create (a judge's verdict)";
const SCHEMA_CHAT = "POST /api/inference/v1/chat/completions (a JSON Schema reply, strict)";

const replace = (path: (string | number)[], value: unknown): Mutation => ({ kind: "replace", path, value });
const remove = (path: string[]): Mutation => ({ kind: "delete", path });

const CASES: [string, string, Mutation, string][] = [
  [VERDICT, "no runnable_ref", remove(["runnable_ref"]), "runnable_ref"],
  [VERDICT, "a call ref as runnable_ref", replace(["runnable_ref"], "weave:///demo/quality/call/x"), "runnable_ref"],
  [
    VERDICT,
    "a runnable_ref of another name",
    replace(["runnable_ref"], "weave:///demo/quality/object/other-judge:abc"),
    "runnable_ref",
  ],
  [
    VERDICT,
    "a runnable_ref of another project",
    replace(["runnable_ref"], "weave:///acme/claims/object/quality-judge:abc"),
    "runnable_ref",
  ],
  [VERDICT, "a type with no name", replace(["feedback_type"], "wandb.runnable."), "wandb.runnable."],
  [VERDICT, "an object ref as call_ref", replace(["call_ref"], "weave:///demo/quality/object/x:abc"), "call_ref"],
  [VERDICT, "a payload without output", replace(["payload"], { answer: 4 }), "payload.output"],
  [
    SCHEMA_CHAT,
    "a schema that is not a JSON Schema",
    replace(["response_format", "json_schema", "schema"], { type: "nonsense" }),
    "response_format.json_schema.schema",
  ],
  [
    SCHEMA_CHAT,
    "a schema whose required names no property",
    replace(["response_format", "json_schema", "schema", "required"], ["answer", "missing"]),
    "response_format.json_schema.schema",
  ],
  [SCHEMA_CHAT, "a name with a space", replace(["response_format", "json_schema", "name"], "a verdict"), "name"],
];

describe("a judge's fields, broken as a whole", () => {
  it.each(CASES)("%s: %s is a 4xx naming %s", async (name, _what, mutation, field) => {
    const target = endpoint(name);
    const { body } = applyMutations(target.body!.valid(ctx.fixtures), [mutation]);
    const answer = await sendBody(ctx.app, ctx.fixtures, target, body);
    const shown = `${answer.status} ${answer.text.slice(0, 300)}`;
    assert.isAtLeast(answer.status, 400, shown);
    assert.isBelow(answer.status, 500, shown);
    expectServiceError(answer, target.service);
    assert.include(answer.text, field, shown);
  });
});
