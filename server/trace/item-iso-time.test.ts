import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoOfMs } from "./item-iso-time";

describe("isoOfMs", () => {
  it("writes what Date#toISOString writes, for any time a Date holds", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 253_402_300_799_999 }),
          fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
        ),
        (ms) => {
          expect(isoOfMs(ms)).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("gets the calendar's edges right: epoch, leap days, century years, the last four-digit year", () => {
    for (const text of [
      "1970-01-01T00:00:00.000Z",
      "1999-12-31T23:59:59.999Z",
      "2000-02-29T12:00:00.001Z",
      "2000-03-01T00:00:00.000Z",
      "2100-02-28T23:59:59.999Z",
      "2100-03-01T00:00:00.000Z",
      "2024-02-29T08:07:06.054Z",
      "2026-11-20T10:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
      "+010000-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
    ]) {
      expect(isoOfMs(Date.parse(text))).toBe(text);
    }
  });
});
