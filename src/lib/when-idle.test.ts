import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("whenIdle", () => {
  it("waits for the browser's idle callback, with the deadline given", () => {
    const requestIdleCallback = vi.fn<(callback: IdleRequestCallback, options?: IdleRequestOptions) => number>(() => 7);
    const cancelIdleCallback = vi.fn<(handle: number) => void>();
    vi.stubGlobal("requestIdleCallback", requestIdleCallback);
    vi.stubGlobal("cancelIdleCallback", cancelIdleCallback);
    const work = vi.fn<() => void>();
    const cancel = whenIdle(work, { timeoutMs: 5000 });
    expect(work).not.toHaveBeenCalled();
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: 5000 });
    requestIdleCallback.mock.calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(work).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it("falls back on a timer where there is no idle callback, and can be cancelled", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const work = vi.fn<() => void>();
    whenIdle(work, { fallbackMs: 300 });
    vi.advanceTimersByTime(299);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();
    const cancelled = vi.fn<() => void>();
    whenIdle(cancelled, { fallbackMs: 300 })();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
