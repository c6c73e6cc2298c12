import { beforeEach, describe, expect, it } from "vitest";
import { ACME_KEY, DEMO_KEY } from "@server/testing/test-app";
import { createApp } from "@server/app";
import { openTestDatabase } from "@server/testing/test-database";
import { createJobRunner } from "@server/training/job-runner";
import { createLocalServer, LOCAL_ORIGIN } from "@/test/local-server";
import { createApiClients, type ApiClients } from "./clients";
import { collect, rejection } from "./test-support";

const BASE_MODEL = "OpenPipe/Qwen3-14B-Instruct";

/** A trajectory group the job runner accepts; `reward` varies so the metrics are real numbers. */
const group = (reward: number) => ({
  trajectories: [
    {
      messages_and_choices: [
        { role: "user", content: "What is 2 + 2?" },
        { message: { role: "assistant", content: "4" }, finish_reason: "stop", index: 0 },
      ],
      reward,
    },
  ],
});

let server: ReturnType<typeof createLocalServer>;
let clients: ApiClients;

beforeEach(() => {
  server = createLocalServer();
  clients = createApiClients(server.settings, { fetch: server.fetch });
});

/** A model with a finished RL job (three groups, so several gradient steps and checkpoints). */
async function trainedModel(name = "calc") {
  const model = await clients.training.createModel({ project: "support-bot", name, base_model: BASE_MODEL });
  const { id: jobId } = await clients.training.createRLJob({
    model_id: model.id,
    trajectory_groups: [group(0.2), group(0.6), group(1)],
  });
  for (let i = 0; i < 50; i++) await server.runner.tick();
  return { model, jobId };
}

describe("training client against the local training service", () => {
  it("sends Bearer KEY to every endpoint but health, and never the key in a URL", async () => {
    await clients.training.health();
    await clients.training.systemCheck();
    const model = await clients.training.createModel({
      project: "support-bot",
      name: "auth-check",
      base_model: BASE_MODEL,
    });
    await clients.training.listCheckpoints(model.id, { limit: 5 });
    expect(server.requests).toHaveLength(4);
    const [health, ...rest] = server.requests;
    expect(health?.headers.get("authorization")).toBeNull();
    for (const request of rest) expect(request.headers.get("authorization")).toBe(`Bearer ${DEMO_KEY}`);
    for (const request of server.requests) expect(request.url).not.toContain(DEMO_KEY);
  });

  it("creates a model, reports the duplicate as a conflict, and returns the existing one when asked", async () => {
    const req = { project: "support-bot", name: "dup", base_model: BASE_MODEL };
    const model = await clients.training.createModel(req);
    expect(model).toMatchObject({ entity: "demo", project: "support-bot", name: "dup", base_model: BASE_MODEL });

    const error = await rejection(clients.training.createModel(req));
    expect(error).toMatchObject({ kind: "conflict", status: 409, service: "training", retryable: false });
    expect(error.serviceMessage).toContain("already exists");
    expect(error.message).toMatch(
      /^The training service reported a conflict \(409\): A model named 'dup' already exists/,
    );
    expect(error.requestId).toEqual(expect.any(String));

    expect((await clients.training.createModel({ ...req, return_existing: true })).id).toBe(model.id);
  });

  it("pages checkpoints by cursor in both orders and deletes some with a JSON DELETE body", async () => {
    const { model } = await trainedModel();
    const all = await clients.training.listCheckpoints(model.id, { limit: 100 });
    const steps = all.data.map((c) => c.step);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));

    const first = await clients.training.listCheckpoints(model.id, { limit: 1, order: "desc" });
    expect(first.data.map((c) => c.step)).toEqual([Math.max(...steps)]);
    expect(first.has_more).toBe(true);
    const next = await clients.training.listCheckpoints(model.id, {
      limit: 1,
      order: "desc",
      after: first.last_id ?? undefined,
    });
    expect(next.data[0]?.step).toBeLessThan(first.data[0]?.step ?? 0);

    const deleted = await clients.training.deleteCheckpoints(model.id, { steps: [steps[0] ?? 0, 999] });
    expect(deleted).toEqual({ deleted_count: 1, not_found_steps: [999] });
    const request = server.requests.at(-1);
    expect(request?.method).toBe("DELETE");
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(await request?.json()).toEqual({ steps: [steps[0], 999] });
    expect((await clients.training.listCheckpoints(model.id, { limit: 100 })).data).toHaveLength(steps.length - 1);
  });

  it("reads a job's events page by page after a cursor", async () => {
    const { jobId } = await trainedModel();
    expect(await clients.training.getJob(jobId)).toEqual({ id: jobId });
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await clients.training.listEvents(jobId, { limit: 2, after });
      seen.push(...page.data.map((e) => e.type));
      if (!page.has_more) break;
      after = page.last_id ?? undefined;
    }
    expect(seen[0]).toBe("training_started");
    expect(seen).toContain("gradient_step");
    expect(seen.at(-1)).toBe("training_ended");
  });

  it("logs trajectories and creates an SFT job", async () => {
    const model = await clients.training.createModel({
      project: "support-bot",
      name: "logger",
      base_model: BASE_MODEL,
    });
    // The real service answers {} (its OpenAPI response schema), so nothing is read from it.
    const logged = await clients.training.logTrajectories(model.id, {
      split: "val",
      trajectory_groups: [group(0.5), group(1)],
    });
    expect(logged).toEqual({});
    const job = await clients.training.createSFTJob({
      model_id: model.id,
      training_data_url: "wandb-artifact:///demo/support-bot/sft-data:v0",
    });
    expect(job.id).toEqual(expect.any(String));
  });

  it("deletes a model; deleting it again is not found", async () => {
    const { model } = await trainedModel("to-delete");
    const deleted = await clients.training.deleteModel(model.id);
    expect(deleted.model_id).toBe(model.id);
    expect(deleted.deleted_checkpoints).toBeGreaterThan(0);
    const error = await rejection(clients.training.deleteModel(model.id));
    expect(error).toMatchObject({ kind: "not_found", status: 404, retryable: false });
    expect(error.message).toContain("The training service could not find what was asked for (404)");
  });

  it("names the rejected fields of a 422, for the body and for the query string", async () => {
    const body = await rejection(
      clients.training.createModel({ project: "support-bot", name: "has spaces", base_model: BASE_MODEL }),
    );
    expect(body).toMatchObject({ kind: "validation", status: 422 });
    expect(body.fieldErrors.map((f) => f.path)).toEqual(["name"]);
    expect(body.fieldErrors[0]?.loc).toEqual(["body", "name"]);

    const model = await clients.training.createModel({ project: "support-bot", name: "q", base_model: BASE_MODEL });
    const query = await rejection(clients.training.listCheckpoints(model.id, { limit: 500 }));
    expect(query.fieldErrors).toEqual([expect.objectContaining({ loc: ["query", "limit"], path: "limit" })]);
    expect(query.message).toMatch(/^The training service rejected some fields of the request \(422\): limit: /);
  });

  it("reports an unknown cursor as a bad request with the service's detail", async () => {
    const model = await clients.training.createModel({
      project: "support-bot",
      name: "cursor",
      base_model: BASE_MODEL,
    });
    const error = await rejection(clients.training.listCheckpoints(model.id, { after: "no-such-checkpoint" }));
    expect(error).toMatchObject({ kind: "bad_request", status: 400 });
    expect(error.serviceMessage).toContain("Unknown cursor");
  });

  it("rejects a wrong key (401), and another entity's model as one that does not exist (404)", async () => {
    const model = await clients.training.createModel({
      project: "support-bot",
      name: "private",
      base_model: BASE_MODEL,
    });
    const wrong = createApiClients({ ...server.settings, apiKey: "wrong-key" }, { fetch: server.fetch });
    const unauthorized = await rejection(wrong.training.listCheckpoints(model.id));
    expect(unauthorized).toMatchObject({
      kind: "unauthorized",
      status: 401,
      message: "The training service rejected the API key (401).",
    });

    const acme = createApiClients({ ...server.settings, apiKey: ACME_KEY }, { fetch: server.fetch });
    const notYours = await rejection(acme.training.listCheckpoints(model.id));
    expect(notYours).toMatchObject({ kind: "not_found", status: 404 });
  });

  it("answers health without a key", async () => {
    const keyless = createApiClients({ ...server.settings, apiKey: "" }, { fetch: server.fetch });
    expect(await keyless.training.health()).toMatchObject({ status: "ok" });
  });

  it("reports every system check as passing", async () => {
    const result = await clients.training.systemCheck();
    expect(result).toMatchObject({ ok: true, status: 200, failed: [] });
    expect(result.checks.map((c) => c.name)).toEqual(["api", "database", "cpu_queue", "gpu_queue"]);
  });

  it("returns the failed check of a 503 system check instead of throwing it away", async () => {
    await server.runner.stop();
    const stopped = await clients.training.systemCheck();
    expect(stopped).toMatchObject({
      ok: false,
      status: 503,
      failed: [{ name: "gpu_queue", ok: false, message: "Job runner stopped" }],
    });
    expect(stopped.checks.filter((c) => c.ok).map((c) => c.name)).toEqual(["api", "database", "cpu_queue"]);
  });

  it("reports the check named by SIMULATE_CHECK_FAILURE", async () => {
    const db = openTestDatabase({ users: true });
    const runner = createJobRunner(db, { stepMs: 0 });
    runner.start();
    const app = createApp({ db, runner, chatTokenDelayMs: 0, simulateCheckFailure: "gpu_queue" });
    const degraded = createApiClients(server.settings, {
      fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
    });
    const result = await degraded.training.systemCheck();
    expect(result.ok).toBe(false);
    expect(result.status).toBe(503);
    expect(result.failed).toEqual([
      { name: "gpu_queue", ok: false, message: expect.stringContaining("Simulated failure") },
    ]);
  });

  it("completes a chat with a base model, whole and streamed", async () => {
    const req = { model: BASE_MODEL, messages: [{ role: "user" as const, content: "Say hello" }] };
    const completion = await clients.training.chatCompletion(req);
    const text = completion.choices[0]?.message.content ?? "";
    expect(text.length).toBeGreaterThan(0);

    const chunks = await collect(clients.training.streamChatCompletion(req));
    expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toEqual(expect.any(String));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe(text);
    expect(server.requests.at(-1)?.headers.get("accept")).toBe("text/event-stream");
  });

  it("chats with a trained checkpoint by its artifact address", async () => {
    await trainedModel("chatty");
    const completion = await clients.training.chatCompletion({
      model: "wandb-artifact:///demo/support-bot/chatty",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices).toHaveLength(1);
  });

  it("uses the configured origin for every call", () => {
    expect(clients.training.scope.baseUrl).toBe(`${LOCAL_ORIGIN}/api/training/v1`);
  });
});
