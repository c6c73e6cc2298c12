import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttledReport } from "./throttled-report";

describe("a throttled report", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reports the first request at once and folds the next ones into one report per interval", () => {
    const emit = vi.fn<() => void>();
    const report = throttledReport(emit, 100, () => Date.now());
    report.request();
    expect(emit).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) report.request();
    expect(emit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(emit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(emit).toHaveBeenCalledTimes(2);
    // Nothing asked since: nothing more is reported.
    vi.advanceTimersByTime(1_000);
    expect(emit).toHaveBeenCalledTimes(2);
    // Long after the last report, a request is reported at once again.
    report.request();
    expect(emit).toHaveBeenCalledTimes(3);
  });

  it("flushes a pending report now, and a cancelled one never comes", () => {
    const emit = vi.fn<() => void>();
    const report = throttledReport(emit, 100, () => Date.now());
    report.request();
    report.request();
    report.flush();
    expect(emit).toHaveBeenCalledTimes(2);
    report.flush();
    expect(emit).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(150);
    report.request();
    report.request();
    report.cancel();
    vi.advanceTimersByTime(1_000);
    expect(emit).toHaveBeenCalledTimes(3);
  });
});
