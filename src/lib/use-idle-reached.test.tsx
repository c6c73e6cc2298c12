import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("useIdleReached", () => {
  it("is false until the browser is first idle, then true, and true at once for later mounts", async () => {
    const callbacks: IdleRequestCallback[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => callbacks.push(callback));
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    // A fresh copy of the module: another test in this worker may have reached idle already.
    vi.resetModules();
    const { useIdleReached } = await import("./use-idle-reached");
    const first = renderHook(() => useIdleReached());
    expect(first.result.current).toBe(false);
    act(() => callbacks[0]?.({ didTimeout: false, timeRemaining: () => 10 }));
    expect(first.result.current).toBe(true);
    const later = renderHook(() => useIdleReached());
    expect(later.result.current).toBe(true);
    expect(callbacks).toHaveLength(1);
  });
});
