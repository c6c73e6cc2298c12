import { describe, expect, it } from "vitest";
import { readUrlView, writeUrlView } from "@/lib/url-state/use-url-table";
import { searchWithJobsKept } from "./compare-param";
import { COMPARE_VIEW_CODEC } from "./compare-url-state";

describe("a comparison's view in the URL", () => {
  it("reads and writes smoothing, zoom (to two decimals), the charts left out and the facts toggle", () => {
    const { state, issues } = readUrlView(
      COMPARE_VIEW_CODEC,
      new URLSearchParams("smooth=0.8&zoom=3-12.5&charts=-loss,-entropy&facts=differ"),
    );
    expect(issues).toEqual([]);
    expect(state).toEqual({
      smoothing: 0.8,
      zoom: { min: 3, max: 12.5 },
      hidden: ["loss", "entropy"],
      onlyDiffering: true,
    });
    const written = writeUrlView(COMPARE_VIEW_CODEC, { ...state, zoom: { min: 3.14159, max: 12.987 } });
    expect(written.get("zoom")).toBe("3.14-12.99");
    expect(
      writeUrlView(COMPARE_VIEW_CODEC, { smoothing: null, zoom: null, hidden: [], onlyDiffering: false }).toString(),
    ).toBe("");
  });

  it("reports a smoothing or zoom it cannot use", () => {
    const { state, issues } = readUrlView(COMPARE_VIEW_CODEC, new URLSearchParams("smooth=2&zoom=10-4"));
    expect(state.smoothing).toBeNull();
    expect(state.zoom).toBeNull();
    expect(issues.map((issue) => issue.param)).toEqual(["smooth", "zoom"]);
  });

  it("keeps the jobs exactly as written, commas and encoded ids alike", () => {
    expect(searchWithJobsKept("?jobs=a,b%2Cc&smooth=0.5", new URLSearchParams("smooth=0.7&facts=differ"))).toBe(
      "?jobs=a,b%2Cc&smooth=0.7&facts=differ",
    );
    expect(searchWithJobsKept("?smooth=0.5", new URLSearchParams())).toBe("");
  });
});
