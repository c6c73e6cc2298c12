import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api/errors";
import { AnswerNotStored } from "./answer-not-stored";
import { answerSavesOf } from "./answer-saves";

// The jsdom window is shared with other test files whose stores may be armed: this store's own
// listener is caught as it is added and called directly.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** An answer to `specId` on call-1 whose every attempt fails with `error`. */
const failing = (specId: string, error: ApiError) => ({
  kept: {
    address: "a",
    project: "p",
    callId: "call-1",
    specId,
    author: "f",
    token: specId,
    at: 1,
    value: 1,
    spec: { id: specId, ref: "r", label: specId, uniqueAmongCreators: false },
    itemId: "i",
    queueId: "q",
  },
  send: () => Promise.reject(new AnswerNotStored(error, false)),
});

describe("leaving the page", () => {
  it("asks first while an answer is unsaved (being sent, waiting, or refused), and not once all are stored or dismissed", async () => {
    vi.useFakeTimers();
    const added = vi.spyOn(window, "addEventListener");
    const removed = vi.spyOn(window, "removeEventListener");
    const saves = answerSavesOf(new QueryClient());
    const listener = () =>
      added.mock.calls.filter(([type]) => type === "beforeunload").at(-1)?.[1] as EventListenerObject | undefined;
    const armed = () => {
      const current = listener();
      return (
        current !== undefined &&
        !removed.mock.calls.some(([type, removedListener]) => type === "beforeunload" && removedListener === current)
      );
    };
    expect(armed()).toBe(false);
    saves.save(failing("tone", new ApiError({ kind: "network", service: "trace", message: "Could not reach" })));
    saves.save(
      failing("comment", new ApiError({ kind: "bad_request", service: "trace", status: 400, message: "refused" })),
    );
    expect(armed()).toBe(true);
    const event = new Event("beforeunload", { cancelable: true });
    listener()!.handleEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.pendingFor("call-1")).toMatchObject({ tone: { status: "waiting" }, comment: { status: "refused" } });
    expect(armed()).toBe(true);
    saves.set("call-1", "comment", undefined);
    expect(armed()).toBe(true);
    saves.set("call-1", "tone", undefined);
    expect(armed()).toBe(false);
  });
});
