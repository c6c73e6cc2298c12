import { render } from "@testing-library/react";
import type uPlot from "uplot";
import { describe, expect, it, vi } from "vitest";
import { DAY_SECONDS, dayStart } from "./day-axis";

// uPlot draws on a canvas, which jsdom lacks: a stand-in records the options the chart is given,
// so the test can ask them what uPlot 1.6 asks them while drawing.
const made = vi.hoisted(() => [] as { options: uPlot.Options; data: uPlot.AlignedData }[]);
vi.mock("uplot", () => {
  class FakePlot {
    width: number;
    cursor = { idx: null };
    constructor(options: uPlot.Options, data: uPlot.AlignedData) {
      made.push({ options, data });
      this.width = options.width;
    }
    setSize() {}
    redraw() {}
    destroy() {}
    static paths = { bars: () => () => null };
  }
  return { default: FakePlot };
});

const { CompletedChart } = await import("./completed-chart");

/**
 * The x range uPlot 1.6.32 asks for with one data point: its autoScaleX widens a single x of a
 * time scale to `x + 86400 / ms` (ms = 1e-3 for seconds: about 1,000 days), then calls the
 * scale's range function with that; a numeric scale gets the point itself.
 */
function xRange(options: uPlot.Options, x: number): [number, number] {
  const scale = options.scales?.x;
  const max = scale?.time === false ? x : x + 86_400 / 1e-3;
  const range = scale?.range;
  if (typeof range !== "function") throw new Error("the chart sets no x range function");
  return range({ width: 600 } as uPlot, x, max, "x") as [number, number];
}

describe("the completions chart", () => {
  it("shows one day as one day, labelled with the day, not years around it", () => {
    made.length = 0;
    render(
      <CompletedChart
        data={{ days: ["2026-11-24"], annotators: ["user-demo"], counts: [[3]], undated: 0 }}
        names={["you"]}
        theme="light"
        label="Items completed per day"
      />,
    );
    const { options, data } = made.at(-1)!;
    const x = data[0][0] as number;
    expect(x).toBe(dayStart("2026-11-24"));
    const [min, max] = xRange(options, x);
    expect(max - min).toBe(DAY_SECONDS);
    expect(min).toBeLessThan(x);
    expect(max).toBeGreaterThan(x);
    const axis = options.axes?.[0];
    const plot = { width: 600 } as uPlot;
    const splits = typeof axis?.splits === "function" ? axis.splits(plot, 0, min, max, 0, 0) : [];
    expect(splits).toEqual([x]);
    const values = typeof axis?.values === "function" ? axis.values(plot, splits, 0, 0, 0) : [];
    expect(values).toEqual([new Date(2026, 10, 24).toLocaleDateString(undefined, { month: "short", day: "numeric" })]);
  });
});
