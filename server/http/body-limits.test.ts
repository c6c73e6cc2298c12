import { describe, expect, it } from "vitest";
import { bearer, createTestApp } from "../testing/test-app";
import { CALL_MAX_BODY_BYTES, CHAT_MAX_BODY_BYTES, SMALL_MAX_BODY_BYTES } from "./body-limits";

// Each endpoint takes the body its largest valid request needs, not the global 32 MiB: reading a
// body costs CPU in proportion to its size before anything can refuse it.

/** A JSON body of exactly `bytes` bytes: `prefix` then spaces, which JSON allows. */
const padded = (prefix: object, bytes: number) =>
  JSON.stringify(prefix) + " ".repeat(bytes - JSON.stringify(prefix).length);

async function post(path: string, body: string) {
  const { app } = createTestApp();
  const response = await app.request(path, {
    method: "POST",
    headers: { ...bearer(), "Content-Type": "application/json" },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("per-endpoint body limits", () => {
  it("refuses a trace body over 1 MiB with 413 in the service's style", async () => {
    const over = await post(
      "/api/trace/annotation_queues",
      padded({ project_id: "demo/p", name: "q" }, SMALL_MAX_BODY_BYTES + 1),
    );
    expect(over.status).toBe(413);
    expect(over.json.reason).toBe(`Request body too large: the limit is ${SMALL_MAX_BODY_BYTES} bytes.`);
    const at = await post(
      "/api/trace/annotation_queues",
      padded({ project_id: "demo/p", name: "q" }, SMALL_MAX_BODY_BYTES),
    );
    expect(at.status).toBe(200);
  });

  it("gives chat 2 MiB (the largest context window and more), on both services", async () => {
    const chat = { model: "Qwen/Qwen2.5-7B-Instruct", messages: [{ role: "user", content: "hi" }] };
    expect((await post("/api/training/v1/chat/completions", padded(chat, CHAT_MAX_BODY_BYTES + 1))).status).toBe(413);
    expect((await post("/api/training/v1/chat/completions/", padded(chat, CHAT_MAX_BODY_BYTES + 1))).status).toBe(413);
    expect((await post("/api/inference/v1/chat/completions", padded(chat, CHAT_MAX_BODY_BYTES + 1))).status).toBe(413);
    expect((await post("/api/training/v1/chat/completions", padded(chat, CHAT_MAX_BODY_BYTES))).status).toBe(200);
  });

  it("gives the trace uploads (tables, files) the global limit, upstream's 32 MiB, and keeps 1 MiB for reading them", async () => {
    const big = 8 * 1024 * 1024;
    const table = await post(
      "/api/trace/table/create",
      padded({ table: { project_id: "demo/support-bot", rows: [{ a: 1 }] } }, big),
    );
    expect(table.status).toBe(200);
    const update = await post(
      "/api/trace/table/update",
      padded({ project_id: "demo/support-bot", base_digest: "0", updates: [] }, big),
    );
    expect(update.status).toBe(404); // read and looked up, not refused for its size
    expect(
      (
        await post(
          "/api/trace/table/query",
          padded({ project_id: "demo/support-bot", digest: "0" }, SMALL_MAX_BODY_BYTES + 1),
        )
      ).status,
    ).toBe(413);
    expect(
      (
        await post(
          "/api/trace/file/content",
          padded({ project_id: "demo/support-bot", digest: "0" }, SMALL_MAX_BODY_BYTES + 1),
        )
      ).status,
    ).toBe(413);
  });

  it("gives one call's start or end 8 MiB (inputs or output up to 3.5 MiB), and a batch of calls the global limit", async () => {
    const end = { end: { project_id: "demo/p", id: "c", ended_at: "2026-11-24T10:00:00Z", summary: {} } };
    expect((await post("/api/trace/call/end", padded(end, CALL_MAX_BODY_BYTES + 1))).status).toBe(413);
    expect((await post("/api/trace/call/end", padded(end, CALL_MAX_BODY_BYTES))).status).toBe(200);
    expect((await post("/api/trace/call/start", padded({ start: {} }, CALL_MAX_BODY_BYTES + 1))).status).toBe(413);
    // The weave SDKs send batches of up to 10 MiB (TypeScript) or 31 MiB (Python) of calls.
    const batch = await post(
      "/api/trace/call/upsert_batch",
      padded({ batch: [{ mode: "end", req: end }] }, 16 * 1024 * 1024),
    );
    expect(batch.status).toBe(200);
  });

  it("keeps the global limit for the bulk uploads: RL jobs and logged trajectories", async () => {
    const big = 8 * 1024 * 1024;
    const job = await post(
      "/api/training/v1/preview/training-jobs",
      padded({ model_id: "model_unknown", trajectory_groups: [] }, big),
    );
    expect(job.status).toBe(422); // read and validated, not refused for its size
    const log = await post("/api/training/v1/preview/models/model_unknown/log", padded({ trajectory_groups: [] }, big));
    expect(log.status).toBe(422);
    const sft = await post("/api/training/v1/preview/sft-training-jobs", padded({ model_id: "m" }, big));
    expect(sft.status).toBe(413);
  });
});
