import { describe, expect, it } from "vitest";
import { formatSortParam, parseSortParam } from "./sort-param";
import type { UrlIssue } from "./url-issue";

const FIELDS = ["created_at", "call_op_name", "created"] as const;

describe("sort in the URL", () => {
  it("reads field.direction keys in order, a bare field as ascending, and writes them back the same way", () => {
    const keys = parseSortParam("created_at.desc,call_op_name", FIELDS);
    expect(keys).toEqual([
      { field: "created_at", direction: "desc" },
      { field: "call_op_name", direction: "asc" },
    ]);
    expect(formatSortParam(keys)).toBe("created_at.desc,call_op_name.asc");
  });

  it("still reads the older -field form of descending", () => {
    expect(parseSortParam("-created", FIELDS)).toEqual([{ field: "created", direction: "desc" }]);
  });

  it("reports what it drops: unknown fields, directions and repeats", () => {
    const issues: UrlIssue[] = [];
    expect(parseSortParam("nope.asc,created.sideways,created.asc,created.desc", FIELDS, { issues })).toEqual([
      { field: "created", direction: "asc" },
    ]);
    expect(issues.map((i) => i.value)).toEqual(["nope.asc", "created.sideways", "created.desc"]);
  });
});
