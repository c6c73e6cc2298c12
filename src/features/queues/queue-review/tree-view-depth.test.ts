import { describe, expect, it } from "vitest";
import { LEVEL_INDENT_PX, MAX_VIEW_DEPTH, MIN_VIEW_DEPTH, ROW_ROOM_PX, viewDepthFor } from "./tree-view-depth";

describe("viewDepthFor", () => {
  it("nests as many levels as leave each row its room", () => {
    // The output's frame on a 390-px phone, a 768-px tablet beside the navigation, and a 1280-px laptop.
    expect(viewDepthFor(324)).toBe(7);
    expect(viewDepthFor(446)).toBe(14);
    expect(viewDepthFor(580)).toBe(21);
    for (const width of [324, 446, 580])
      expect(width - viewDepthFor(width) * LEVEL_INDENT_PX).toBeGreaterThanOrEqual(ROW_ROOM_PX);
  });

  it("keeps a few levels however narrow, and never more than a view holds however wide", () => {
    expect(viewDepthFor(0)).toBe(MIN_VIEW_DEPTH);
    expect(viewDepthFor(200)).toBe(MIN_VIEW_DEPTH);
    expect(viewDepthFor(2_000)).toBe(MAX_VIEW_DEPTH);
  });
});
