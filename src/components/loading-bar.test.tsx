import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadingBar } from "./loading-bar";

const bar = () => screen.queryByRole("progressbar", { name: "Refreshing" });

describe("LoadingBar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows at once without a delay, and goes when the work ends", () => {
    const { rerender } = render(<LoadingBar active label="Refreshing" />);
    expect(bar()).toBeInTheDocument();
    rerender(<LoadingBar active={false} label="Refreshing" />);
    expect(bar()).toBeNull();
  });

  it("with a delay, shows only for work that outlasts it, and starts the wait again each time", () => {
    const { rerender } = render(<LoadingBar active label="Refreshing" delayMs={300} />);
    act(() => vi.advanceTimersByTime(299));
    expect(bar()).toBeNull();
    // A short wait ends before the delay: nothing was shown, and the next wait starts from zero.
    rerender(<LoadingBar active={false} label="Refreshing" delayMs={300} />);
    rerender(<LoadingBar active label="Refreshing" delayMs={300} />);
    act(() => vi.advanceTimersByTime(299));
    expect(bar()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(bar()).toBeInTheDocument();
    rerender(<LoadingBar active={false} label="Refreshing" delayMs={300} />);
    expect(bar()).toBeNull();
  });
});
