import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAWN_AFTER_MS } from "./after-next-paint";
import { afterHeldFrame, isFrameHeld, heldFrameDrawn, holdForNextFrame, pageGoing } from "./frame-hold";

const frames: FrameRequestCallback[] = [];

/** The browser's next frame: its callbacks run (the paint follows them). */
function frame(): void {
  for (const callback of frames.splice(0)) callback(performance.now());
}

/** Whether `promise` has resolved by the next microtask: at once, with no timer or frame in between. */
async function settledAtOnce(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  return settled;
}

beforeEach(() => {
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => undefined);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  // A test that left a frame held lets it go: the module's hold outlives the test. The page is then shown again (as
  // from the back-forward cache), so the next test holds frames as a page in view does.
  window.dispatchEvent(new Event("pagehide"));
  window.dispatchEvent(new Event("pageshow"));
  frames.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("afterHeldFrame", () => {
  it("says whether a frame is held: from the hold until the frame is drawn", async () => {
    expect(isFrameHeld()).toBe(false);
    holdForNextFrame();
    expect(isFrameHeld()).toBe(true);
    frame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS - 1);
    expect(isFrameHeld()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(isFrameHeld()).toBe(false);
  });

  it("with no frame held, runs the task in a task of its own", async () => {
    const task = vi.fn<() => void>();
    afterHeldFrame(task);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("holds the task until the held frame is drawn, then runs the held tasks in order", async () => {
    const ran: string[] = [];
    holdForNextFrame();
    expect(isFrameHeld()).toBe(true);
    afterHeldFrame(() => ran.push("read ahead"));
    afterHeldFrame(() => ran.push("progress"));
    await vi.advanceTimersByTimeAsync(0);
    frame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS - 1);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(["read ahead", "progress"]);
    expect(isFrameHeld()).toBe(false);
  });

  it("a key held down does not hold the work back for as long as it is down", async () => {
    const task = vi.fn<() => void>();
    holdForNextFrame();
    afterHeldFrame(task);
    frame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS / 2);
    // The key's repeats, each a move of its own.
    holdForNextFrame();
    frame();
    holdForNextFrame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS / 2);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("a cancelled task does not run; the others do", async () => {
    const kept = vi.fn<() => void>();
    const cancelled = vi.fn<() => void>();
    holdForNextFrame();
    afterHeldFrame(kept);
    const cancel = afterHeldFrame(cancelled);
    cancel();
    frame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("a task that throws does not keep the rest from running, and its error is reported", async () => {
    const after = vi.fn<() => void>();
    const reported = vi.fn<(error: unknown) => void>();
    vi.stubGlobal("reportError", reported);
    holdForNextFrame();
    afterHeldFrame(() => {
      throw new Error("read ahead failed");
    });
    afterHeldFrame(after);
    frame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS);
    expect(after).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith(new Error("read ahead failed"));
  });

  it.each(["beforeunload", "pagehide"])(
    "on %s, runs the held tasks at once: a held write is sent before the page goes",
    (type) => {
      const write = vi.fn<() => void>();
      holdForNextFrame();
      afterHeldFrame(write);
      window.dispatchEvent(new Event(type));
      expect(write).toHaveBeenCalledTimes(1);
      expect(isFrameHeld()).toBe(false);
    },
  );

  it("when the tab is hidden, runs the held tasks at once: a hidden tab draws no frames", () => {
    const write = vi.fn<() => void>();
    holdForNextFrame();
    afterHeldFrame(write);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(write).toHaveBeenCalledTimes(1);
  });

  it("a page going away holds nothing, and says so to what waits on something else; shown again, it holds again", async () => {
    const going = pageGoing();
    window.dispatchEvent(new Event("pagehide"));
    expect(await settledAtOnce(going)).toBe(true);
    // No frame is drawn for it: the hold is not taken and what waits for the frame goes on at once, with no timer.
    holdForNextFrame();
    expect(isFrameHeld()).toBe(false);
    expect(await settledAtOnce(heldFrameDrawn())).toBe(true);
    window.dispatchEvent(new Event("pageshow"));
    holdForNextFrame();
    expect(isFrameHeld()).toBe(true);
    expect(await settledAtOnce(pageGoing())).toBe(false);
  });

  it("heldFrameDrawn resolves once the held frame is drawn", async () => {
    holdForNextFrame();
    let drawn = false;
    void heldFrameDrawn().then(() => (drawn = true));
    frame();
    await vi.advanceTimersByTimeAsync(DRAWN_AFTER_MS - 1);
    expect(drawn).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn).toBe(true);
  });
});
