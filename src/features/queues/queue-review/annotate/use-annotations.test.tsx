import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import type { DemoSpecId } from "@server/trace/seed/annotation-specs";
import { callRef } from "@/api/annotation-specs";
import { createApiClients } from "@/api/clients";
import { traceQueries } from "@/api/queries/trace";
import { firstItem, seedQuestions } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { itemKeys } from "../../api/items";
import { createQueueTestContext } from "../../test-support";
import { useAnnotations } from "./use-annotations";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };

/** A two-item queue with `questions`, and its first item. */
async function oneItem<Name extends DemoSpecId>(questions: readonly Name[]) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 2 });
  const specs = seedQuestions(server.db, PROJECT, questions);
  return { server, queueId, specs, item: await firstItem(server, PROJECT, queueId) };
}

describe("saving answers", () => {
  it("a change back to an earlier value is its own save: refused, it is kept and shown, even after that earlier value was saved", async () => {
    const { server, specs, item } = await oneItem(["tone"]);
    let writes = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (/\/feedback\/(create|replace)$/.test(String(input))) {
        writes += 1;
        // The third write (4 again, after 4 then 5) is refused.
        if (writes === 3)
          return new Response(JSON.stringify({ reason: "Answers are paused for maintenance" }), {
            status: 400,
            headers: { "Content-Type": "application/json" },
          });
      }
      return server.fetch(input, init);
    };
    const context = createQueueTestContext(server.settings, fetch);
    const { result } = renderHook(() => useAnnotations(PROJECT, [specs.tone], item, "user-demo"), {
      wrapper: context.Wrapper,
    });
    await waitFor(() => expect(result.current.specs.data && result.current.feedback.data).toBeTruthy(), SLOW);
    const tone = result.current.specs.data!.specs[0]!;
    act(() => {
      result.current.answer(tone, 4);
      result.current.answer(tone, 5);
      result.current.answer(tone, 4);
    });
    await waitFor(() => expect(result.current.pending.tone).toMatchObject({ value: 4, status: "refused" }), SLOW);
    expect(writes).toBe(3);
  }, 30_000);

  it("an answer given before the call's answers arrived is saved even when the review moves on before they do", async () => {
    const { server, specs, item } = await oneItem(["tone"]);
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch: typeof globalThis.fetch = async (input, init) => {
      // The call's answers take long to come: the annotator answers and moves on meanwhile.
      if (String(input).endsWith("/feedback/query")) await held;
      return server.fetch(input, init);
    };
    const context = createQueueTestContext(server.settings, fetch);
    // The questions are already known (read once per queue), the call's answers are not.
    await context.queryClient.prefetchQuery(
      traceQueries.queueSpecs(createApiClients(server.settings, { fetch: server.fetch }).trace, [specs.tone]),
    );
    const { result, unmount } = renderHook(() => useAnnotations(PROJECT, [specs.tone], item, "user-demo"), {
      wrapper: context.Wrapper,
    });
    await waitFor(() => expect(result.current.specs.data).toBeTruthy(), SLOW);
    act(() => result.current.answer(result.current.specs.data!.specs[0]!, 3));
    // The save is under way, waiting for the call's answers, when the review moves on.
    await new Promise((resolve) => setTimeout(resolve, 20));
    unmount();
    release?.();
    const stored = () =>
      server.db
        .prepare("SELECT payload FROM trace_feedback WHERE feedback_type = 'wandb.annotation.tone'")
        .pluck()
        .all();
    await waitFor(() => expect(stored()).toEqual([JSON.stringify({ value: 3 })]), SLOW);
  }, 30_000);
});

describe("an answer that already stands", () => {
  it("a create refused because another tab stored this question's answer meanwhile reads the answers again and replaces that one", async () => {
    const { server, specs, item } = await oneItem(["resolution"]);
    const direct = createApiClients(server.settings, { fetch: server.fetch }).trace;
    const writes: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const write = /\/feedback\/(create|replace)$/.exec(String(input))?.[1];
      const response = await server.fetch(input, init);
      if (write) writes.push(`${write} ${response.status}`);
      return response;
    };
    const context = createQueueTestContext(server.settings, fetch);
    const { result } = renderHook(() => useAnnotations(PROJECT, [specs.resolution], item, "user-demo"), {
      wrapper: context.Wrapper,
    });
    await waitFor(
      () => expect(result.current.specs.data && result.current.feedback.data).toEqual(expect.anything()),
      SLOW,
    );
    expect(result.current.feedback.data).toEqual([]);
    // Another tab answers the shared question after this one read the call's answers.
    const request = {
      project_id: PROJECT,
      weave_ref: callRef(PROJECT, item.call_id),
      feedback_type: "wandb.annotation.resolution",
      annotation_ref: specs.resolution,
      payload: { value: "Resolved" },
    };
    await direct.createFeedback(request);
    act(() => result.current.answer(result.current.specs.data!.specs[0]!, "Not resolved"));
    await waitFor(() => expect(result.current.pending).toEqual({}), SLOW);
    expect(writes).toEqual(["create 409", "replace 200"]);
    const stored = server.db
      .prepare("SELECT payload FROM trace_feedback WHERE feedback_type = 'wandb.annotation.resolution'")
      .pluck()
      .all();
    expect(stored).toEqual([JSON.stringify({ value: "Not resolved" })]);
    expect(result.current.feedback.data?.map((row) => row.payload)).toEqual([{ value: "Not resolved" }]);
  }, 30_000);
});

describe("what a saved answer marks stale", () => {
  it("the queue's Insights, whose figures count it", async () => {
    const { server, queueId, specs, item } = await oneItem(["tone"]);
    const context = createQueueTestContext(server.settings, server.fetch);
    const insightsKey = itemKeys.insights(
      createApiClients(server.settings, { fetch: server.fetch }).trace.scope,
      PROJECT,
      queueId,
      [specs.tone],
      "UTC",
    );
    context.queryClient.setQueryData(insightsKey, { figures: "as they were" });
    const { result } = renderHook(() => useAnnotations(PROJECT, [specs.tone], item, "user-demo"), {
      wrapper: context.Wrapper,
    });
    await waitFor(() => expect(result.current.specs.data && result.current.feedback.data).toBeTruthy(), SLOW);
    act(() => result.current.answer(result.current.specs.data!.specs[0]!, 4));
    await waitFor(() => expect(context.queryClient.getQueryState(insightsKey)?.isInvalidated).toBe(true), SLOW);
  }, 30_000);
});
