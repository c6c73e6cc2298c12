import { assert, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits";
import { MAX_ECHO_LENGTH } from "../../http/echo";
import { ENDPOINTS, endpointName, type Endpoint } from "./endpoints";
import { expectServiceError, validationLocs, type Answer } from "./error-shapes";
import { applyMutations, nodesOf } from "./json-mutations";
import { authFor, createQualityApp, sendBody as sendQualityBody } from "./quality-app";
import { send } from "./send";
import { TRACE, TRAINING } from "./fixtures";

// Every list and string a request carries is bounded (contract/limits.ts),
// a 422 names the field and the bound, and no answer hands back the oversized input.

type Ctx = Awaited<ReturnType<typeof createQualityApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createQualityApp();
});

/** An answer to a request carrying a half-megabyte value stays small: it quotes at most a stub of it. */
const MAX_ANSWER_CHARS = 20_000;
const HUGE = "h".repeat(500_000);

const sendBody = (endpoint: Endpoint, body: unknown): Promise<Answer> =>
  sendQualityBody(ctx.app, ctx.fixtures, endpoint, body);

const byPath = Object.fromEntries(ENDPOINTS.map((e) => [endpointName(e), e]));
const endpoint = (name: string): Endpoint => {
  const found = byPath[name];
  if (!found) throw new Error(`no endpoint ${name}`);
  return found;
};

describe("bounds named in the 422", () => {
  const cases: [string, (valid: Record<string, unknown>) => Record<string, unknown>, (string | number)[], string][] = [
    [
      "POST /api/trace/annotation_queues",
      (v) => ({ ...v, scorer_refs: Array(LIMITS.scorerRefs + 1).fill("weave:///demo/quality/object/spec:abc") }),
      ["body", "scorer_refs"],
      `List should have at most ${LIMITS.scorerRefs} item(s)`,
    ],
    [
      "POST /api/trace/annotation_queues",
      (v) => ({ ...v, scorer_refs: ["r".repeat(LIMITS.refLength + 1)] }),
      ["body", "scorer_refs", 0],
      `String should have at most ${LIMITS.refLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues",
      (v) => ({ ...v, name: "n".repeat(LIMITS.queueNameLength + 1) }),
      ["body", "name"],
      `String should have at most ${LIMITS.queueNameLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues",
      (v) => ({ ...v, description: "d".repeat(LIMITS.descriptionLength + 1) }),
      ["body", "description"],
      `String should have at most ${LIMITS.descriptionLength} character(s)`,
    ],
    [
      "PUT /api/trace/annotation_queues/:queue_id",
      (v) => ({ ...v, scorer_refs: Array(LIMITS.scorerRefs + 1).fill("weave:///demo/quality/object/spec:abc") }),
      ["body", "scorer_refs"],
      `List should have at most ${LIMITS.scorerRefs} item(s)`,
    ],
    [
      "PUT /api/trace/annotation_queues/:queue_id",
      (v) => ({ ...v, scorer_refs: ["r".repeat(LIMITS.refLength + 1)] }),
      ["body", "scorer_refs", 0],
      `String should have at most ${LIMITS.refLength} character(s)`,
    ],
    [
      "PUT /api/trace/annotation_queues/:queue_id",
      (v) => ({ ...v, name: "n".repeat(LIMITS.queueNameLength + 1) }),
      ["body", "name"],
      `String should have at most ${LIMITS.queueNameLength} character(s)`,
    ],
    [
      "PUT /api/trace/annotation_queues/:queue_id",
      (v) => ({ ...v, description: "d".repeat(LIMITS.descriptionLength + 1) }),
      ["body", "description"],
      `String should have at most ${LIMITS.descriptionLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/query",
      (v) => ({ ...v, name: "n".repeat(LIMITS.queueNameLength + 1) }),
      ["body", "name"],
      `String should have at most ${LIMITS.queueNameLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/stats",
      (v) => ({ ...v, queue_ids: Array(LIMITS.statsQueueIds + 1).fill("q") }),
      ["body", "queue_ids"],
      `List should have at most ${LIMITS.statsQueueIds} item(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/stats",
      (v) => ({ ...v, queue_ids: ["q".repeat(LIMITS.idLength + 1)] }),
      ["body", "queue_ids", 0],
      `String should have at most ${LIMITS.idLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/:queue_id/items",
      (v) => ({ ...v, call_ids: Array(LIMITS.callIdsPerAdd + 1).fill("c") }),
      ["body", "call_ids"],
      `List should have at most ${LIMITS.callIdsPerAdd} item(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/:queue_id/items",
      (v) => ({ ...v, display_fields: Array(LIMITS.displayFields + 1).fill("inputs.q") }),
      ["body", "display_fields"],
      `List should have at most ${LIMITS.displayFields} item(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/:queue_id/items",
      (v) => ({ ...v, display_fields: [`inputs.${"a".repeat(LIMITS.displayFieldLength)}`] }),
      ["body", "display_fields", 0],
      `String should have at most ${LIMITS.displayFieldLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/:queue_id/items/query",
      (v) => ({ ...v, filter: { call_id: "c".repeat(LIMITS.idLength + 1) } }),
      ["body", "filter", "call_id"],
      `String should have at most ${LIMITS.idLength} character(s)`,
    ],
    [
      "POST /api/trace/annotation_queues/:queue_id/items/query",
      (v) => ({
        ...v,
        sort_by: Array.from({ length: LIMITS.sortKeys + 1 }, () => ({ field: "created_at", direction: "asc" })),
      }),
      ["body", "sort_by"],
      `List should have at most ${LIMITS.sortKeys} item(s)`,
    ],
    [
      "POST /api/trace/call/read",
      (v) => ({ ...v, id: "i".repeat(LIMITS.idLength + 1) }),
      ["body", "id"],
      `String should have at most ${LIMITS.idLength} character(s)`,
    ],
    [
      "POST /api/trace/call/read",
      (v) => ({ ...v, project_id: `demo/${"p".repeat(LIMITS.projectIdLength)}` }),
      ["body", "project_id"],
      `String should have at most ${LIMITS.projectIdLength} character(s)`,
    ],
    [
      "DELETE /api/training/v1/preview/models/:modelId/checkpoints",
      () => ({ steps: Array(LIMITS.checkpointSteps + 1).fill(1) }),
      ["body", "steps"],
      `List should have at most ${LIMITS.checkpointSteps} item(s)`,
    ],
    [
      "POST /api/training/v1/preview/sft-training-jobs",
      (v) => ({ ...v, training_data_url: `https://example.test/${"u".repeat(LIMITS.urlLength)}` }),
      ["body", "training_data_url"],
      `String should have at most ${LIMITS.urlLength} character(s)`,
    ],
    [
      "POST /api/training/v1/preview/training-jobs",
      (v) => ({ ...v, model_id: "m".repeat(LIMITS.idLength + 1) }),
      ["body", "model_id"],
      `String should have at most ${LIMITS.idLength} character(s)`,
    ],
    [
      "POST /api/training/v1/chat/completions",
      (v) => ({
        ...v,
        messages: Array.from({ length: LIMITS.chatMessages + 1 }, () => ({ role: "user", content: "hi" })),
      }),
      ["body", "messages"],
      `List should have at most ${LIMITS.chatMessages} item(s)`,
    ],
    [
      "POST /api/inference/v1/chat/completions",
      (v) => ({ ...v, model: "m".repeat(LIMITS.refLength + 1) }),
      ["body", "model"],
      `String should have at most ${LIMITS.refLength} character(s)`,
    ],
  ];

  it.each(cases)("%s: %#", async (name, change, loc, msg) => {
    const target = endpoint(name);
    const answer = await sendBody(target, change(target.body!.valid(ctx.fixtures)));
    assert.strictEqual(answer.status, 422, answer.text.slice(0, 300));
    expectServiceError(answer, target.service, ["body"]);
    expect((answer.json as { detail: unknown[] }).detail).toContainEqual({
      loc,
      msg,
      type: expect.stringMatching(/^(too_long|string_too_long)$/),
    });
  });

  it('an id in the path is bounded like one in a body: 422 at ["path", name]', async () => {
    const long = "x".repeat(LIMITS.idLength + 1);
    const queue = await send(ctx.app, {
      method: "GET",
      path: `${TRACE}/annotation_queues/${long}?project_id=${ctx.fixtures.projectId}`,
      headers: authFor("trace"),
    });
    assert.strictEqual(queue.status, 422, queue.text.slice(0, 300));
    expect(validationLocs(queue)).toEqual([["path", "queue_id"]]);
    const model = await send(ctx.app, {
      method: "GET",
      path: `${TRAINING}/preview/models/${long}/checkpoints`,
      headers: authFor("training"),
    });
    expect(validationLocs(model)).toEqual([["path", "modelId"]]);
    const job = await send(ctx.app, {
      method: "GET",
      path: `${TRAINING}/preview/training-jobs/${long}/events`,
      headers: authFor("training"),
    });
    expect(validationLocs(job)).toEqual([["path", "jobId"]]);
  });
});

describe("no answer hands back an oversized input", () => {
  it.each(ENDPOINTS.filter((e) => e.body).map((e) => [endpointName(e), e] as const))(
    "%s: a half-megabyte string in any field",
    { timeout: 30_000 },
    async (_name, target) => {
      const valid = target.body!.valid(ctx.fixtures);
      const strings = nodesOf(valid).filter((node) => typeof node.value === "string");
      // A body without strings (a list of steps) gets the huge string as the whole body.
      for (const node of strings.length > 0 ? strings : [{ path: [] }]) {
        const { body } = applyMutations(valid, [{ kind: "replace", path: node.path, value: HUGE }]);
        const answer = await sendBody(target, body);
        const shown = `${JSON.stringify(node.path)} -> ${answer.status} ${answer.text.slice(0, 200)}`;
        assert.isBelow(answer.status, 500, shown);
        // A stored feedback payload (a judge's reasoning, within the 512 KiB payload bound) is answered
        // back as upstream's `/feedback/create` answers it: that is the stored value, not an echo of a refusal.
        const storedPayload =
          target.route.endsWith("/feedback/create") && answer.status === 200 && node.path[0] === "payload";
        if (!storedPayload) assert.isBelow(answer.text.length, MAX_ANSWER_CHARS, shown);
        if (answer.status >= 400) expectServiceError(answer, target.service, ["body"]);
      }
    },
  );

  it("an unknown path, a huge id and a huge Content-Type are quoted at most MAX_ECHO_LENGTH characters", async () => {
    const unknown = await send(ctx.app, {
      method: "GET",
      path: `/api/inference/v1/${"p".repeat(100_000)}`,
      headers: authFor("inference"),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text.length).toBeLessThan(MAX_ECHO_LENGTH + 300);
    const read = await send(ctx.app, {
      method: "POST",
      path: `${TRACE}/call/read`,
      headers: { ...authFor("trace"), "Content-Type": `text/${"t".repeat(100_000)}` },
      body: "{}",
    });
    expect(read.status).toBe(422);
    expect(read.text.length).toBeLessThan(MAX_ECHO_LENGTH + 300);
    const requestId = await ctx.app.request(`${TRAINING}/health`, { headers: { "X-Request-Id": "r".repeat(100_000) } });
    expect(requestId.headers.get("X-Request-Id")?.length).toBeLessThanOrEqual(128);
  });
});

describe("queues per project", () => {
  it(`a project holds at most ${LIMITS.queuesPerProject} live queues: one more is a 400 naming the bound, nothing written`, async () => {
    const { createTestApp } = await import("../test-app");
    const { createQueue } = await import("../../trace/queues");
    const { app, db } = createTestApp();
    for (let i = 0; i < LIMITS.queuesPerProject; i += 1)
      createQueue(db, {
        projectId: "demo/full",
        name: `q${i}`,
        description: "",
        scorerRefs: [],
        createdBy: "user-demo",
      });
    const over = await send(app, {
      method: "POST",
      path: `${TRACE}/annotation_queues`,
      headers: { ...authFor("trace"), "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: "demo/full", name: "one too many" }),
    });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({
      reason: `Project 'demo/full' already holds ${LIMITS.queuesPerProject} queues, the most one project may have.`,
    });
    expect(db.prepare("SELECT COUNT(*) AS n FROM annotation_queues WHERE project_id = 'demo/full'").get()).toEqual({
      n: LIMITS.queuesPerProject,
    });
  });
});
