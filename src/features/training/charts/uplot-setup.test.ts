import type uPlot from "uplot";
import { describe, expect, it, vi } from "vitest";
import { ChartZoom } from "./uplot-setup";
import { ZoomSync } from "./zoom-sync";

/** The part of a uPlot chart ChartZoom reads and calls: its x scale and setScale. */
function fakeChart(min: number, max: number) {
  const chart = { scales: { x: { min, max } }, setScale: vi.fn<(key: string, range: { min: number; max: number }) => void>() };
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
