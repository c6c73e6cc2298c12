import { afterEach, describe, expect, it, vi } from "vitest";

// A tab's first Intl object loads the locale data: the training pages' number formatters are made when a number
// needs one, not when their modules load, so a cold load does not wait for it (bench/README.md, cold-loads).
describe("the training pages' number formatters", () => {
  const realNumberFormat = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = realNumberFormat;
  });

  it("make no Intl object when their modules load, and one each for the first number that needs grouping", async () => {
    let made = 0;
    Intl.NumberFormat = new Proxy(realNumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made += 1;
        return Reflect.construct(target, args);
      },
    });
    vi.resetModules();
    const { formatMetric } = await import("./metric-format");
    const { formatTicks } = await import("./charts/tick-labels");
    expect(made).toBe(0);

    expect(formatMetric(0.512)).toBe("0.512");
    expect(formatTicks([0.5, 1, 1500])).toEqual(["0.5", "1", "1500"]);
    expect(made).toBe(0);

    expect(formatMetric(123_456)).toBe("123,456");
    expect(formatTicks([100_000, 200_000])).toEqual(["100,000", "200,000"]);
    expect(formatMetric(234_567)).toBe("234,567");
    expect(made).toBe(2);
  });
});
