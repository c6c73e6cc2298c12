import { renderHook } from "@testing-library/react";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { feedbackQueries } from "../../api/feedback";
import { createQueueTestContext } from "../../test-support";
import { useCallAnswersChange } from "./use-call-answers-change";

const PROJECT = "demo/support-bot";

function setup() {
  const server = createLocalServer();
  const context = createQueueTestContext(server.settings, server.fetch);
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  const keyOf = (callId: string) => feedbackQueries.calls(trace, PROJECT, [callId]).queryKey;
  const onChange = vi.fn<() => void>();
  let renders = 0;
  const hook = renderHook(
    ({ callId }: { callId: string | undefined }) => {
      renders += 1;
      useCallAnswersChange(PROJECT, callId, onChange);
    },
    { wrapper: context.Wrapper, initialProps: { callId: "call-1" as string | undefined } },
  );
  const setAnswers = (callId: string, rows: Feedback[]) =>
    act(() => void context.queryClient.setQueryData(keyOf(callId), rows));
  return { hook, onChange, setAnswers, renders: () => renders, fetchCount: () => context.queryClient.isFetching() };
}

const row = (id: string) => ({ id }) as unknown as Feedback;

describe("useCallAnswersChange", () => {
  it("is told of each new read of the call's answers, without reading them or rendering", () => {
    const { onChange, setAnswers, renders, fetchCount } = setup();
    expect(fetchCount()).toBe(0);
    setAnswers("call-1", [row("a")]);
    setAnswers("call-1", [row("a"), row("b")]);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(renders()).toBe(1);
  });

  it("hears nothing of another call, and follows the call it is given next", () => {
    const { hook, onChange, setAnswers } = setup();
    setAnswers("call-2", [row("a")]);
    expect(onChange).not.toHaveBeenCalled();
    hook.rerender({ callId: "call-2" });
    setAnswers("call-1", [row("b")]);
    expect(onChange).not.toHaveBeenCalled();
    setAnswers("call-2", [row("c")]);
    expect(onChange).toHaveBeenCalledTimes(1);
    hook.rerender({ callId: undefined });
    setAnswers("call-2", [row("d")]);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
