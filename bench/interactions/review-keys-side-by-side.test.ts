import { describe, expect, it } from "vitest";
import type { AdvanceOutcome } from "./review-advance";
import { keysSideBySideTable } from "./review-keys-side-by-side";

/** Presses drawn in the key's handling, each with the event's figure (null: under 16 ms, counted as 8). */
const presses = (...eventMs: (number | null)[]): AdvanceOutcome => ({
  state: "measured",
  stuck: 0,
  thinkMs: 400,
  samples: eventMs.map((eventDurationMs) => ({
    keyToPaintMs: 40,
    keyToDoubleFrameMs: 56,
    keyToHandledMs: 5,
    keyToFoundMs: 20,
    foundInFirstFrame: true,
    eventDurationMs,
    inputDelayMs: 1,
    handlersMs: 4,
    flashed: false,
  })),
});

describe("review keys side by side", () => {
  it("reports both builds' key → painted and the change of the mean", () => {
    const markdown = keysSideBySideTable(
      [{ name: "Next (n)", baseline: presses(32, 32, 40, 24), current: presses(16, null, 24, 24) }],
      "/tmp/before/dist",
    );
    expect(markdown).toContain(
      "| Next (n) | 4 | 32.0 ms / 40.0 ms / 32.0 ms | 16.0 ms / 24.0 ms / 18.0 ms | -14.0 ms | 4 (100%) → 2 (50%) |",
    );
    expect(markdown).toContain("`/tmp/before/dist`");
  });

  it("shows a variant that failed on both sides as unknown, not as a change", () => {
    const failed: AdvanceOutcome = { state: "error", error: "no item" };
    const markdown = keysSideBySideTable([{ name: "Next (n)", baseline: failed, current: failed }], "/tmp/b");
    expect(markdown).toContain("| Next (n) | 0 | — / — / — | — / — / — | — | — → — |");
  });
});
