import { describe, expect, it } from "vitest";
import { alignRuns, fillRuns, pickRows } from "./align";
import { paths } from "@/lib/paths";
import { readCompareJobs } from "./compare-param";

describe("alignRuns", () => {
  it("lines runs up by their own step and leaves null where a run is shorter or lacks the metric", () => {
    const a = { raw: [1, 2, 3], smoothed: [1, 1.5, 2] };
    const b = { raw: [10, Number.NaN], smoothed: [10, 10] };
    expect(alignRuns([a, b], 100)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 1.5, 2],
      [10, null, null],
      [10, 10, null],
    ]);
  });

  it("keeps every run's extremes when decimating, so no run's peak is lost", () => {
    const n = 10_000;
    const flat = Float64Array.from({ length: n }, () => 0);
    const spiky = Float64Array.from({ length: n }, (_, i) => (i === 7_777 ? 5 : 0));
    const [x, flatRaw, , spikyRaw] = alignRuns(
      [
        { raw: flat, smoothed: flat },
        { raw: spiky, smoothed: spiky },
      ],
      50,
    );
    expect(x.length).toBeLessThan(400);
    expect(x).toContain(7_778);
    expect(Math.max(...(spikyRaw as number[]))).toBe(5);
    // Each run is drawn from its own points only: the flat run's are all 0, and far fewer than the rows.
    const flatPoints = flatRaw!.filter((v) => v !== null);
    expect(flatPoints.every((v) => v === 0)).toBe(true);
    expect(flatPoints.length).toBeLessThan(x.length);
  });

  it("draws eight runs of 10,000 steps from a few thousand rows", () => {
    const runs = Array.from({ length: 8 }, (_run, r) => {
      const raw = Float64Array.from({ length: 10_000 }, (_step, i) => Math.sin(i / (50 + r)) + r);
      return { raw, smoothed: raw };
    });
    const [x, ...series] = alignRuns(runs, 800);
    expect(series).toHaveLength(16);
    expect(x.length).toBeLessThan(10_000);
    expect(x.at(-1)).toBe(10_000);
  });

  it("adds a run's validation as a third series at its own steps, step 0 being the model it started from", () => {
    const a = { raw: [1, 2, 3, 4], smoothed: [1, 2, 3, 4], val: { steps: [0, 2, 4], values: [0.5, 0.6, 0.7] } };
    const b = { raw: [10, 20], smoothed: [10, 15] };
    expect(alignRuns([a, b], 100)).toEqual([
      [0, 1, 2, 3, 4],
      [null, 1, 2, 3, 4],
      [null, 1, 2, 3, 4],
      [0.5, null, 0.6, null, 0.7],
      [null, 10, 20, null, null],
      [null, 10, 15, null, null],
    ]);
  });

  it("keeps a validation step between a run's decimated points, so every evaluation is drawn", () => {
    const raw = Float64Array.from({ length: 10_000 }, (_, i) => Math.sin(i / 7));
    const [x, , , val] = alignRuns([{ raw, smoothed: raw, val: { steps: [4_321], values: [0.25] } }], 50);
    expect(x).toContain(4_321);
    expect(val!.filter((v) => v !== null)).toEqual([0.25]);
  });

  it("refills picked rows with a new smoothing without picking them again", () => {
    const raw = Float64Array.from({ length: 5_000 }, (_, i) => (i % 97) / 97);
    const rows = pickRows([{ raw }], 40);
    const [x, , smoothed] = fillRuns(rows, [{ raw, smoothed: raw.map((v) => v * 2) }]);
    expect(x).toBe(rows.x);
    expect(smoothed).toEqual(x.map((step) => raw[step - 1]! * 2));
  });
});

describe("compare selection in the URL", () => {
  it("reads ids in order, drops blanks and repeats, and round-trips", () => {
    expect(readCompareJobs("?jobs=b,a,,b")).toEqual({ ids: ["b", "a"], problem: null });
    const ids = ["job 1", "job,2"];
    expect(readCompareJobs(new URL(paths.trainingCompare(ids), "http://x").search).ids).toEqual(ids);
  });

  it("says what is wrong with too few or too many jobs", () => {
    expect(readCompareJobs("?jobs=a").problem).toBe("Pick 2 to 8 jobs to compare (tick them in the jobs list).");
    const nine = readCompareJobs(`?jobs=${Array.from({ length: 9 }, (_, i) => `j${i}`).join(",")}`);
    expect(nine.ids).toHaveLength(8);
    expect(nine.problem).toMatch(/first 8 of the 9/);
    expect(readCompareJobs(`?jobs=a,${"x".repeat(201)}`).problem).toMatch(/longer than 200 characters/);
  });
});
