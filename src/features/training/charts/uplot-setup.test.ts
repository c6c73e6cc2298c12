import type uPlot from "uplot";
import { describe, expect, it, vi } from "vitest";
import { ChartZoom, fitSteps, fitValues } from "./uplot-setup";
import { ZoomSync } from "./zoom-sync";

/** The part of a uPlot chart ChartZoom reads and calls: its x scale and setScale. */
function fakeChart(min: number, max: number) {
  const chart = {
    scales: { x: { min, max } },
    setScale: vi.fn<(key: string, range: { min: number; max: number }) => void>(),
  };
  return chart as typeof chart & uPlot;
}

describe("ChartZoom", () => {
  it("publishes a chart's zoom to the page's other charts, which redraw the range at full detail", async () => {
    const sync = new ZoomSync();
    const refreshA = vi.fn<(keepScale: boolean) => void>();
    const refreshB = vi.fn<(keepScale: boolean) => void>();
    const a = new ChartZoom(sync, refreshA);
    const b = new ChartZoom(sync, refreshB);
    const chartA = fakeChart(1, 100);
    const chartB = fakeChart(1, 100);
    a.follow(chartA);
    b.follow(chartB);

    chartA.scales.x = { min: 20, max: 40 };
    a.onScale(chartA, 1, 100);
    expect(sync.range).toEqual({ min: 20, max: 40 });
    expect(b.range).toEqual({ min: 20, max: 40 });
    expect(refreshB).toHaveBeenCalledWith(true);
    expect(chartB.setScale).toHaveBeenCalledWith("x", { min: 20, max: 40 });
    // The zoomed chart refines its own range once the scale settles.
    await Promise.resolve();
    expect(refreshA).toHaveBeenCalledWith(true);
    expect(chartA.setScale).not.toHaveBeenCalled();
  });

  it("resets every chart when one shows all its steps again, and a chart made later starts zoomed", () => {
    const sync = new ZoomSync();
    sync.set({ min: 5, max: 9 });
    const refresh = vi.fn<(keepScale: boolean) => void>();
    const late = new ChartZoom(sync, refresh);
    const chart = fakeChart(1, 50);
    late.follow(chart);
    expect(chart.setScale).toHaveBeenCalledWith("x", { min: 5, max: 9 });
    late.redraw();
    expect(refresh).toHaveBeenLastCalledWith(true);

    sync.set(null);
    expect(late.range).toBeNull();
    expect(refresh).toHaveBeenLastCalledWith(false);
  });
});

/** Stands for uPlot's padding of a range that varies. */
const padded = (min: number, max: number): [number, number] => [min - 1, max + 1];

describe("chart ranges", () => {
  it("fits the step axis to the job's own steps: its first step at the start, not mid-axis", () => {
    // One step of a job training model steps 25-32: uPlot's own range of a lone 25 is 0-50.
    expect(fitSteps([25], 0, 50, 32)).toEqual([25, 32]);
    expect(fitSteps([25, 26, 27], 25, 27, 32)).toEqual([25, 32]);
    // How many steps are planned is not known yet: one step either side.
    expect(fitSteps([25], 0, 50, null)).toEqual([24, 26]);
    expect(fitSteps([25, 26, 27], 25, 27, null)).toEqual([25, 27]);
    // Zoomed inside the data: the zoom as it is.
    expect(fitSteps([1, 2, 3, 4, 5], 2, 4, 8)).toEqual([2, 4]);
    expect(fitSteps([], null, null, 8)).toEqual([null, null]);
  });

  it("gives a flat series a range around its value, not 0-100 or one spread from 0", () => {
    expect(fitValues(0, 0, padded)).toEqual([-1, 1]);
    const [min, max] = fitValues(2e-5, 2e-5, padded);
    expect(min).toBeCloseTo(1.8e-5, 12);
    expect(max).toBeCloseTo(2.3e-5, 12);
    expect(fitValues(-4, -4, padded)).toEqual([-4.4, -3.4]);
    // A constant's smoothed line differs from it in the last digits: still flat.
    const [low, high] = fitValues(1.9999999999999998e-5, 2.0000000000000002e-5, padded);
    expect(low).toBeCloseTo(1.8e-5, 12);
    expect(high).toBeCloseTo(2.3e-5, 12);
    // A series that varies keeps uPlot's own padding.
    expect(fitValues(0.2, 0.8, padded)).toEqual([-0.8, 1.8]);
  });
});
