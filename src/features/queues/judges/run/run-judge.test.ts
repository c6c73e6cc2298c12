import { describe, expect, it } from "vitest";
import type { ChatCompletion, ChatCompletionRequest } from "@contract/chat";
import type { FeedbackCreateRequest } from "@contract/trace-feedback";
import { ApiError } from "@/api/errors";
import { responseSchemaFor } from "../model/response-schema";
import type { Judge } from "../model/judge-value";
import { JUDGE_FAILURE_TYPE } from "../model/verdicts";
import { MAX_TRIES, runJudge, type RunCounts, type RunDeps, type RunTarget } from "./run-judge";

const PROJECT = "e/p";
const RATING = { type: "integer", minimum: 1, maximum: 5 };
const JUDGE: Judge = {
  id: "judge-tone",
  digest: "d1",
  ref: "weave:///e/p/object/judge-tone:d1",
  versionIndex: 0,
  createdAt: "2026-11-20T10:00:00Z",
  name: "Tone",
  description: "",
  model: "m",
  service: "inference",
  prompt: "Rate {{question}} of {{output}}",
  queueId: "q",
  specRef: "weave:///e/p/object/tone:s",
  responseSchema: responseSchemaFor(RATING),
};
const QUESTION = { label: "Tone", description: "", schema: RATING };

const targets = (n: number): RunTarget[] =>
  Array.from({ length: n }, (_, i) => ({ callId: `c${i}`, call: { inputs: { q: i }, output: `answer ${i}` } }));

const reply = (content: string, fingerprint: string | null = "local-simulation"): ChatCompletion => ({
  id: "x",
  object: "chat.completion",
  created: 0,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  system_fingerprint: fingerprint,
});

const verdict = (answer: unknown) => reply(JSON.stringify({ reasoning: "because", answer }));

const apiError = (
  kind: ApiError["kind"],
  status: number,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) => new ApiError({ kind, service: "inference", message: `${status}`, status, ...extra });

function harness(chat: (request: ChatCompletionRequest, index: number) => Promise<ChatCompletion>) {
  const writes: FeedbackCreateRequest[] = [];
  const sleeps: number[] = [];
  let calls = 0;
  const deps: RunDeps = {
    chat: (request) => chat(request, calls++),
    writeFeedback: async (request) => {
      writes.push(request);
      return { id: "f" };
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  const progress: RunCounts[] = [];
  const run = (n: number, signal = new AbortController().signal, concurrency = 4) =>
    runJudge(
      {
        projectId: PROJECT,
        judge: JUDGE,
        question: QUESTION,
        targets: targets(n),
        concurrency,
        signal,
        onProgress: (c) => progress.push(c),
      },
      deps,
    );
  return { deps, writes, sleeps, progress, run, chats: () => calls };
}

describe("runJudge", () => {
  it("never has more requests in flight than its concurrency, and records a verdict per call", async () => {
    let inFlight = 0;
    let most = 0;
    const h = harness(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return verdict(3);
    });
    const end = await h.run(20, undefined, 3);
    expect(end).toEqual({ state: "finished" });
    expect(most).toBe(3);
    expect(h.writes).toHaveLength(20);
    expect(h.writes[0]).toMatchObject({
      feedback_type: "wandb.runnable.judge-tone",
      runnable_ref: JUDGE.ref,
      payload: { output: { answer: 3, reasoning: "because" } },
    });
    const last = h.progress.at(-1)!;
    expect(last).toMatchObject({ done: 20, verdicts: 20, failures: 0, simulated: true, promptTokens: 200 });
  });

  it("retries a 429 after the time the service asked for, then records the verdict", async () => {
    const h = harness(async (_request, index) => {
      if (index === 0) throw apiError("rate_limited", 429, { retryAfterMs: 2_500 });
      return verdict(4);
    });
    expect(await h.run(1)).toEqual({ state: "finished" });
    expect(h.sleeps).toEqual([2_500]);
    expect(h.writes).toHaveLength(1);
  });

  it("backs off 1 s, 2 s, 4 s … and pauses when the tries run out, recording nothing for that call", async () => {
    const h = harness(async () => {
      throw apiError("server", 503);
    });
    const end = await h.run(1);
    expect(end.state).toBe("paused");
    expect(h.chats()).toBe(MAX_TRIES);
    expect(h.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(h.writes).toHaveLength(0);
  });

  it("stops after the first call on a 400 naming response_format, recording nothing", async () => {
    const h = harness(async () => {
      throw apiError("bad_request", 400, { serviceMessage: "response_format.json_schema.schema: enum is empty" });
    });
    const end = await h.run(10, undefined, 1);
    expect(end).toEqual({ state: "stopped", reason: expect.stringContaining("response_format") });
    expect(h.chats()).toBe(1);
    expect(h.writes).toHaveLength(0);
  });

  it("records a per-call 400 as a refused failure and goes on", async () => {
    const h = harness(async (_request, index) => {
      if (index === 0) throw apiError("bad_request", 400, { serviceMessage: "This prompt is too long." });
      return verdict(2);
    });
    const end = await h.run(2, undefined, 1);
    expect(end).toEqual({ state: "finished" });
    const failure = h.writes.find((write) => write.feedback_type === JUDGE_FAILURE_TYPE);
    expect(failure?.payload).toEqual({ runnable_ref: JUDGE.ref, kind: "refused", reason: "This prompt is too long." });
    expect(failure).not.toHaveProperty("runnable_ref");
    expect(h.writes).toHaveLength(2);
  });

  it("records prose as malformed, never as a verdict", async () => {
    const h = harness(async () => reply("I think the tone is fine."));
    await h.run(1);
    expect(h.writes).toEqual([
      expect.objectContaining({
        feedback_type: JUDGE_FAILURE_TYPE,
        payload: expect.objectContaining({ kind: "malformed", reason: expect.stringContaining("prose") }),
      }),
    ]);
  });

  it("records an answer the question does not take as malformed", async () => {
    const h = harness(async () => verdict(9));
    await h.run(1);
    expect(h.writes[0]?.payload).toMatchObject({ kind: "malformed" });
  });

  it("records a call without a field the prompt uses as missing_field and does not send it", async () => {
    const h = harness(async () => verdict(1));
    const end = await runJudge(
      {
        projectId: PROJECT,
        judge: { ...JUDGE, prompt: "{{inputs.messages}}" },
        question: QUESTION,
        targets: [{ callId: "c0", call: { inputs: {}, output: "x" } }],
        concurrency: 1,
        signal: new AbortController().signal,
        onProgress: () => {},
      },
      h.deps,
    );
    expect(end).toEqual({ state: "finished" });
    expect(h.chats()).toBe(0);
    expect(h.writes[0]?.payload).toMatchObject({
      kind: "missing_field",
      reason: expect.stringContaining("inputs.messages"),
    });
  });

  it("ends cancelled on abort mid-run and writes nothing after the abort", async () => {
    const controller = new AbortController();
    let writesAtAbort = -1;
    const h = harness(async (_request, index) => {
      if (index === 3) {
        controller.abort();
        writesAtAbort = h.writes.length;
      }
      await Promise.resolve();
      return verdict(5);
    });
    const end = await h.run(10, controller.signal, 1);
    expect(end).toEqual({ state: "cancelled" });
    expect(writesAtAbort).toBe(3);
    expect(h.writes).toHaveLength(3);
  });
});
