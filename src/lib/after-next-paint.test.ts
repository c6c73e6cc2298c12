import { afterEach, describe, expect, it, vi } from "vitest";
import { DRAWN_AFTER_MS, runAfterNextPaint } from "./after-next-paint";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("runAfterNextPaint", () => {
  it("runs the task in a task posted from the next frame's callbacks, once the frame has been drawn", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let resolved = false;
    runAfterNextPaint(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    // The frame's callbacks run (the paint follows them): still waiting.
    for (const callback of frames.splice(0)) callback(performance.now());
    await Promise.resolve();
    expect(resolved).toBe(false);
    // The task posted from the frame waits for the frame's drawing (raster, compositing) to be done.
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it("in a hidden tab, runs the task without waiting for a frame or a timer", async () => {
    const frames = vi.fn<(callback: FrameRequestCallback) => number>(() => 1);
    vi.stubGlobal("requestAnimationFrame", frames);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let resolved = false;
    runAfterNextPaint(() => (resolved = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(true);
    expect(frames).not.toHaveBeenCalled();
  });

  it("runs the task after 250 ms when no frame comes", async () => {
    vi.stubGlobal("requestAnimationFrame", () => 1);
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let resolved = false;
    runAfterNextPaint(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });
});
