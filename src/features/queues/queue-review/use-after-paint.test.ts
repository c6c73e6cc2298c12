import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAfterPaint } from "./use-after-paint";

describe("useAfterPaint", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    window.history.replaceState(null, "", "/queues/q/items/a");
  });
  afterEach(() => vi.useRealTimers());

  it("runs the task after the next frame, not before", () => {
    const { result } = renderHook(() => useAfterPaint());
    const task = vi.fn<() => void>();
    result.current.schedule(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs only the latest of tasks scheduled before a frame", () => {
    const { result } = renderHook(() => useAfterPaint());
    const first = vi.fn<() => void>();
    const second = vi.fn<() => void>();
    result.current.schedule(first);
    result.current.schedule(second);
    vi.advanceTimersByTime(1_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("runs the task within 250 ms when no frame comes (a tab in the background)", () => {
    const { result } = renderHook(() => useAfterPaint());
    const task = vi.fn<() => void>();
    const frames = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 1);
    result.current.schedule(task);
    vi.advanceTimersByTime(249);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    frames.mockRestore();
  });

  it("drops the task when the address changed meanwhile (Back, a link), when cancelled, and when unmounted", () => {
    const { result, unmount } = renderHook(() => useAfterPaint());
    const afterBack = vi.fn<() => void>();
    result.current.schedule(afterBack);
    window.history.pushState(null, "", "/queues/q");
    vi.advanceTimersByTime(1_000);
    expect(afterBack).not.toHaveBeenCalled();

    const cancelled = vi.fn<() => void>();
    result.current.schedule(cancelled);
    result.current.cancel();
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();

    const unmounted = vi.fn<() => void>();
    result.current.schedule(unmounted);
    unmount();
    vi.advanceTimersByTime(1_000);
    expect(unmounted).not.toHaveBeenCalled();
  });
});
