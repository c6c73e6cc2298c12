import { describe, expect, it } from "vitest";
import { turnsDuring } from "../testing/event-loop";
import { bearer, createTestApp } from "../testing/test-app";

// A large body decoded, scanned and parsed in one synchronous stretch would keep every other
// request (/health included) waiting behind it, so large bodies are read in steps.

describe("reading a large body", () => {
  it("lets the event loop turn between its steps: decoding, the structure scan (every 256 K characters), parsing", async () => {
    const { app } = createTestApp();
    const prompt = new TextEncoder().encode(
      JSON.stringify({
        model: "Qwen/Qwen2.5-7B-Instruct",
        messages: [{ role: "user", content: "w ".repeat(1024 * 1024 - 100) }],
      }),
    );
    const oneString = await turnsDuring(async () => {
      const res = await app.request("/api/training/v1/chat/completions", {
        method: "POST",
        headers: { ...bearer(), "Content-Type": "application/json" },
        body: prompt,
      });
      expect(res.status).toBe(400); // over the context window
      await res.text();
    });
    expect(oneString).toBeGreaterThanOrEqual(2);
    // Many small values (2.6 MB): the scan walks them, pausing about ten times.
    const trajectory = { messages_and_choices: [{ role: "user", content: "q" }], reward: 1 };
    const log = JSON.stringify({
      trajectory_groups: Array.from({ length: 800 }, () => ({
        trajectories: Array.from({ length: 50 }, () => trajectory),
      })),
    });
    const manyValues = await turnsDuring(async () => {
      const res = await app.request("/api/training/v1/preview/models/model_unknown/log", {
        method: "POST",
        headers: { ...bearer(), "Content-Type": "application/json" },
        body: log,
      });
      expect(res.status).toBe(404);
      await res.text();
    });
    expect(manyValues).toBeGreaterThanOrEqual(8);
  });

  it("answers several large bodies at once, each correctly", async () => {
    const { app } = createTestApp();
    const send = (content: string) =>
      app.request("/api/inference/v1/chat/completions", {
        method: "POST",
        headers: { ...bearer(), "Content-Type": "application/json" },
        body: JSON.stringify({ model: "Qwen/Qwen3-30B-A3B-Instruct-2507", messages: [{ role: "user", content }] }),
      });
    const answers = await Promise.all([
      send("a ".repeat(300_000)),
      send("b ".repeat(600_000)),
      send("a short one"),
      send("c ".repeat(200_000)),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 400, 200, 200]);
    expect(await answers[0]!.json()).toMatchObject({ usage: { prompt_tokens: 4 + 150_000 } });
  });
});
