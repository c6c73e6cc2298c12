import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REVIEW_BAR_SCROLL_VAR, useStickyBarHeight } from "./use-sticky-bar-height";

function Harness() {
  const { bar, scope } = useStickyBarHeight();
  return (
    <>
      <div ref={bar} data-testid="bar" />
      <div ref={scope} data-testid="column" />
    </>
  );
}

/** A screen whose width crosses Tailwind's `lg` when told to, as a resized window or a turned tablet does. */
function stubScreen(wide: boolean) {
  const listeners = new Set<() => void>();
  const screenState = { wide };
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal("matchMedia", () => ({
    get matches() {
      return screenState.wide;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(toWide: boolean) {
      screenState.wide = toWide;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the review's sticky action bar and the questions' column", () => {
  it("sticks the column below the bar on a wide screen, and lets go of it when the screen turns narrow", () => {
    const screenSize = stubScreen(true);
    const { unmount } = render(<Harness />);
    const column = screen.getByTestId("column");
    expect(column.style.getPropertyValue("max-height")).toMatch(/^calc\(100dvh/);
    expect(column.style.getPropertyValue("top")).toMatch(/^calc\(/);

    // The bar's height did not change, so only the width says the column no longer scrolls on its own.
    screenSize.resize(false);
    expect(column.style.getPropertyValue("max-height")).toBe("");
    expect(column.style.getPropertyValue("top")).toBe("");
    expect(column.style.getPropertyValue(REVIEW_BAR_SCROLL_VAR)).toBe("0px");

    screenSize.resize(true);
    expect(column.style.getPropertyValue("max-height")).toMatch(/^calc\(100dvh/);
    unmount();
    expect(screenSize.listeners.size).toBe(0);
  });
});
