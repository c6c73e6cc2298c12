import { describe, expect, it } from "vitest";
import { formatRelativeTime, formatTimeAgo, parseTimestamp } from "./relative-time";

const now = new Date("2026-11-20T10:15:30.123Z");

describe("formatRelativeTime", () => {
  it("says just now under ten seconds", () => {
    expect(formatRelativeTime(new Date(now.getTime() - 4000), now, "en")).toBe("just now");
  });

  it("picks the largest whole unit, past and future", () => {
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 60_000), now, "en")).toBe("3 minutes ago");
    expect(formatRelativeTime(new Date(now.getTime() + 2 * 3600_000), now, "en")).toBe("in 2 hours");
    expect(formatRelativeTime(new Date(now.getTime() - 24 * 3600_000), now, "en")).toBe("yesterday");
  });
});

describe("parseTimestamp", () => {
  it("parses ISO strings and rejects garbage", () => {
    expect(parseTimestamp("2026-11-20T10:15:30.123Z")?.toISOString()).toBe("2026-11-20T10:15:30.123Z");
    expect(parseTimestamp("not a date")).toBeNull();
  });
});

describe("formatTimeAgo", () => {
  it("never says a past event is in the future: a time ahead of the browser's clock is skew, and reads just now", () => {
    expect(formatTimeAgo(new Date(now.getTime() + 13_000), now, "en")).toBe("just now");
    expect(formatTimeAgo(new Date(now.getTime() + 3 * 3600_000), now, "en")).toBe("just now");
    expect(formatTimeAgo(new Date(now.getTime() - 3 * 60_000), now, "en")).toBe("3 minutes ago");
  });
});
