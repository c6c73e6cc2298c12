import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAWN_AFTER_MS } from "@/lib/after-next-paint";
import { useAfterPaint } from "./use-after-paint";

describe("useAfterPaint", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    window.history.replaceState(null, "", "/queues/q/items/a");
  });
  afterEach(() => vi.useRealTimers());

  it("runs the task once the next frame has been drawn, not before", () => {
    const { result } = renderHook(() => useAfterPaint());
    const task = vi.fn<() => void>();
    result.current.schedule(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DRAWN_AFTER_MS - 1);
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

  it("drops the task when the page changed meanwhile (Back, a link), not when only its fragment did", () => {
    const { result } = renderHook(() => useAfterPaint());
    const afterAnchor = vi.fn<() => void>();
    result.current.schedule(afterAnchor);
    window.history.pushState(null, "", "/queues/q/items/a#main");
    vi.advanceTimersByTime(1_000);
    expect(afterAnchor).toHaveBeenCalledTimes(1);

    const afterBack = vi.fn<() => void>();
    const dropped = vi.fn<() => void>();
    result.current.schedule(afterBack, dropped);
    window.history.pushState(null, "", "/queues/q");
    vi.advanceTimersByTime(1_000);
    expect(afterBack).not.toHaveBeenCalled();
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it("once stopped (the page left) or unmounted, drops the task waiting and refuses later ones", () => {
    const { result } = renderHook(() => useAfterPaint());
    const waiting = vi.fn<() => void>();
    result.current.schedule(waiting);
    result.current.stop();
    // A search that answers after the review was left still asks for its address.
    const late = vi.fn<() => void>();
    result.current.schedule(late);
    vi.advanceTimersByTime(1_000);
    expect(waiting).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();

    const other = renderHook(() => useAfterPaint());
    const beforeUnmount = vi.fn<() => void>();
    other.result.current.schedule(beforeUnmount);
    other.unmount();
    const afterUnmount = vi.fn<() => void>();
    other.result.current.schedule(afterUnmount);
    vi.advanceTimersByTime(1_000);
    expect(beforeUnmount).not.toHaveBeenCalled();
    expect(afterUnmount).not.toHaveBeenCalled();
  });
});
