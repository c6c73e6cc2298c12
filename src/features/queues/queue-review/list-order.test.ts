import { describe, expect, it } from "vitest";
import { compareInList, compareText, timestampKey } from "./list-order";

const item = (id: string, created_at: string, call_op_name = "op") => ({
  id,
  created_at,
  updated_at: created_at,
  call_started_at: created_at,
  call_op_name,
});

describe("the list's order, as the service sorts it", () => {
  it("reads a timestamp with or without an offset (none means UTC) and keeps digits past the millisecond", () => {
    expect(timestampKey("2026-11-22T10:00:00.123Z")).toBe(timestampKey("2026-11-22 10:00:00.123"));
    expect(timestampKey("2026-11-22T11:00:00.123+01:00")).toBe(timestampKey("2026-11-22T10:00:00.123000Z"));
    expect(timestampKey("2026-11-22T10:00:00+0000")).toBe(timestampKey("2026-11-22T10:00:00Z"));
    // A microsecond apart: Date.parse cannot tell these apart, the service can.
    expect(
      compareText(timestampKey("2026-11-22T10:00:00.123456Z"), timestampKey("2026-11-22T10:00:00.123457Z")),
    ).toBeLessThan(0);
    expect(compareText(timestampKey("2026-11-22T09:59:59.999Z"), timestampKey("2026-11-22T10:00:00Z"))).toBeLessThan(0);
  });

  it("compares text by code point, as a byte-wise UTF-8 order does (not by UTF-16 unit)", () => {
    // U+FF5E is one UTF-16 unit; U+1F600 is two, starting with 0xD83D < 0xFF5E, yet it is the larger code point.
    expect(["\u{1F600}", "\uFF5E"].sort()).toEqual(["\u{1F600}", "\uFF5E"]);
    expect(compareText("\u{1F600}", "\uFF5E")).toBeGreaterThan(0);
    expect(compareText("abc", "abd")).toBeLessThan(0);
    expect(compareText("ab", "abc")).toBeLessThan(0);
    expect(compareText("same", "same")).toBe(0);
  });

  it("sorts by the keys in their directions, then by id ascending; the default is created_at ascending", () => {
    const a = item("a", "2026-11-22T10:00:00Z", "x");
    const b = item("b", "2026-11-22T10:00:00Z", "y");
    const c = item("c", "2026-11-22T09:00:00Z", "y");
    expect([b, c, a].sort((p, q) => compareInList(p, q, []))).toEqual([c, a, b]);
    expect([a, b, c].sort((p, q) => compareInList(p, q, [{ field: "call_op_name", direction: "desc" }]))).toEqual([
      b,
      c,
      a,
    ]);
    expect(
      [a, b, c].sort((p, q) =>
        compareInList(p, q, [
          { field: "created_at", direction: "desc" },
          { field: "call_op_name", direction: "asc" },
        ]),
      ),
    ).toEqual([a, b, c]);
    expect(compareInList(a, a, [])).toBe(0);
  });
});
