import { act } from "@testing-library/react";
import { onTestFinished, vi } from "vitest";

/**
 * The browser's animation frames held back from here on, for a test that decides when the next frame comes: `held`
 * lists the callbacks waiting for it (run one with `held.shift()!(performance.now())`), `release` runs them all and
 * lets later frames run. The browser's own scheduling comes back when the test ends.
 */
export function holdFrames() {
  const held: FrameRequestCallback[] = [];
  const spy = vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => held.push(callback));
  onTestFinished(() => spy.mockRestore());
  return {
    held,
    release: () => {
      spy.mockRestore();
      act(() => {
        for (const callback of held.splice(0)) callback(performance.now());
      });
    },
  };
}
