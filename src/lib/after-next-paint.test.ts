import { afterEach, describe, expect, it, vi } from "vitest";
import { afterNextPaint } from "./after-next-paint";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("afterNextPaint", () => {
  it("resolves in a task posted from the next frame's callbacks, not in the frame itself", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let resolved = false;
    void afterNextPaint().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    // The frame's callbacks run (the paint follows them): still waiting.
    for (const callback of frames.splice(0)) callback(performance.now());
    await Promise.resolve();
    expect(resolved).toBe(false);
    // The task posted from the frame runs after the paint.
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
  });

  it("resolves after 250 ms when no frame comes (a tab in the background)", async () => {
    vi.stubGlobal("requestAnimationFrame", () => 1);
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let resolved = false;
    void afterNextPaint().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });
});
