import { describe, expect, it } from "vitest";
import { DAY_SECONDS, dayLabel, dayRange, dayStart, dayTickStep, dayTicks, spansYears } from "./day-axis";

const label = (day: string) => dayLabel(dayStart(day));

describe("the day chart's x axis", () => {
  it("gives a single day a range of that day alone, its midnight in the middle, labelled with the day", () => {
    const [min, max] = dayRange(["2026-11-24"]);
    expect(max - min).toBe(DAY_SECONDS);
    expect((min + max) / 2).toBe(dayStart("2026-11-24"));
    expect(dayTicks(["2026-11-24"], 600)).toEqual([dayStart("2026-11-24")]);
    expect(label("2026-11-24")).toBe(
      new Date(2026, 10, 24).toLocaleDateString(undefined, { month: "short", day: "numeric" }),
    );
  });

  it("labels every one of a few days", () => {
    const days = ["2026-11-23", "2026-11-24", "2026-11-25"];
    const [min, max] = dayRange(days);
    expect(max - min).toBe(3 * DAY_SECONDS);
    expect(dayTicks(days, 300)).toEqual(days.map(dayStart));
  });

  it("labels fewer days when they would not fit, a whole number of days or weeks apart", () => {
    const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10));
    const ticks = dayTicks(days, 320);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(320 / 56));
    expect(ticks[0]).toBe(dayStart(days[0]!));
    expect(dayTickStep(90, 320)).toBe(28);
    expect(dayTickStep(7, 600)).toBe(1);
    expect(dayTickStep(10, 300)).toBe(2);
  });

  it("puts the year in the labels when the days span years", () => {
    expect(spansYears(["2026-12-30", "2027-01-02"])).toBe(true);
    expect(spansYears(["2026-11-24"])).toBe(false);
    expect(dayLabel(dayStart("2027-01-02"), true)).toContain("2027");
  });
});
