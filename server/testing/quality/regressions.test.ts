import { beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_ARRAY_LENGTH } from "../../http/json-body";
import { MAX_VALIDATION_DETAIL } from "../../http/validation-error";
import { bearer } from "../test-app";
import { TRAINING, trajectoryGroup } from "./fixtures";
import { createQualityApp } from "./quality-app";
import { send } from "./send";

// One minimal reproducer per bug the quality suite found, so each stays fixed by name.

type Ctx = Awaited<ReturnType<typeof createQualityApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createQualityApp();
});

const json = { ...bearer(), "Content-Type": "application/json" };

describe("bugs found by the quality suite", () => {
  it("a training job nesting 10,000 levels deep was a 500 (stack overflow storing it); now a 400", async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const body = `{"model_id":"${ctx.fixtures.modelId}","trajectory_groups":[{"trajectories":[{"metadata":${deep}}]}]}`;
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/training-jobs`,
      headers: json,
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ detail: expect.stringMatching(/nested more than \d+ levels/) });
  });

  it("bytes that are not UTF-8 were silently replaced by U+FFFD and stored; now a 400", async () => {
    const valid = JSON.stringify({ project: "quality", name: "utf8-model", base_model: "x" });
    const bytes = new Uint8Array([...Buffer.from(valid.slice(0, -2)), 0xff, ...Buffer.from(valid.slice(-2))]);
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/models`,
      headers: json,
      body: bytes,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ detail: expect.stringMatching(/not valid UTF-8/) });
  });

  it("a JSON body sent as text/plain was accepted; now a 422 on body, as FastAPI answers", async () => {
    const body = JSON.stringify({ project: "quality", name: "plain-model", base_model: "x" });
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/models`,
      headers: { ...bearer(), "Content-Type": "text/plain" },
      body,
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ detail: [{ loc: ["body"], type: "model_attributes_type" }] });
  });

  it("half a surrogate pair (\\ud800) was stored as three U+FFFD; now a 422 naming the field", async () => {
    const body = '{"project": "quality", "name": "surrogate-model", "base_model": "a\\ud83d"}';
    const answer = await send(ctx.app, { method: "POST", path: `${TRAINING}/preview/models`, headers: json, body });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ detail: [{ loc: ["body", "base_model"], type: "string_unicode" }] });
  });

  // Both were found on the stats endpoint, whose queue_ids are now bounded at LIMITS.statsQueueIds
  // (and its body at 1 MiB); the bulk upload /log still takes arrays up to the JSON limit.
  it("a million bad queue ids built a million-entry 422 (seconds, gigabytes, or a 500); now a 422 too_long on the array", async () => {
    const body = `{"trajectory_groups":[${"0,".repeat(999_999)}0]}`;
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/models/${ctx.fixtures.modelId}/log`,
      headers: json,
      body,
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      detail: [
        {
          loc: ["body", "trajectory_groups"],
          msg: expect.stringContaining(`at most ${MAX_JSON_ARRAY_LENGTH} items`),
          type: "too_long",
        },
      ],
    });
  });

  it(`bad queue ids just within the array limit got one 422 entry each (10 MB); now the first ${MAX_VALIDATION_DETAIL}`, async () => {
    const body = `{"trajectory_groups":[${"0,".repeat(MAX_JSON_ARRAY_LENGTH - 1)}0]}`;
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/models/${ctx.fixtures.modelId}/log`,
      headers: json,
      body,
    });
    expect(answer.status).toBe(422);
    const detail = (answer.json as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(detail.map((d) => d.loc)).toEqual(
      Array.from({ length: MAX_VALIDATION_DETAIL }, (_, i) => ["body", "trajectory_groups", i]),
    );
    expect(detail.every((d) => d.type === "dict_type")).toBe(true);
  });

  it("200,000 trajectories with no messages, in arrays within the limit, overflowed the stack inside zod (a 500); now a 422 naming them", async () => {
    const trajectories = `[${Array<string>(50_000).fill('{"messages_and_choices":[],"reward":0}').join(",")}]`;
    const body = `{"trajectory_groups":[${Array<string>(4).fill(`{"trajectories":${trajectories}}`).join(",")}]}`;
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/models/${ctx.fixtures.modelId}/log`,
      headers: json,
      body,
    });
    expect(answer.status).toBe(422);
    const detail = (answer.json as { detail: { loc: unknown[]; type: string }[] }).detail;
    expect(detail).toHaveLength(MAX_VALIDATION_DETAIL);
    expect(detail[0]).toMatchObject({
      loc: ["body", "trajectory_groups", 0, "trajectories", 0, "messages_and_choices"],
      type: "too_short",
    });
  });

  it('"Bearer <key> junk" authenticated as <key>; now a 401', async () => {
    // (Found on /system-check, which needs no key now, as upstream: any keyed endpoint shows it.)
    const answer = await send(ctx.app, {
      method: "GET",
      path: `${TRAINING}/preview/models/${ctx.fixtures.modelId}/checkpoints`,
      headers: { Authorization: `${bearer().Authorization} junk` },
    });
    expect(answer.status).toBe(401);
  });

  it("a choice whose message was not an object got a 422 naming `role`, a field it never had; now it names `message`", async () => {
    const group = trajectoryGroup() as { trajectories: { messages_and_choices: unknown[] }[] };
    group.trajectories[0]!.messages_and_choices[1] = { message: "not an object", finish_reason: "stop" };
    const answer = await send(ctx.app, {
      method: "POST",
      path: `${TRAINING}/preview/models/${ctx.fixtures.modelId}/log`,
      headers: json,
      body: JSON.stringify({ trajectory_groups: [group] }),
    });
    expect(answer.status).toBe(422);
    const locs = (answer.json as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc.join("."));
    expect(locs).toContain("body.trajectory_groups.0.trajectories.0.messages_and_choices.1.message");
  });
});
