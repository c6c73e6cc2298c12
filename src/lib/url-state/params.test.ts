import { describe, expect, it } from "vitest";
import { readChoice, readChoiceSet, readNumberChoice, readPage, readText, writeParam } from "./params";
import type { UrlIssue } from "./url-issue";

const url = (search: string) => new URLSearchParams(search);

describe("reading a view from the URL", () => {
  it("reads a page number and reports anything that is not one", () => {
    const issues: UrlIssue[] = [];
    expect(readPage(url("page=3"), "page", issues)).toBe(3);
    expect(readPage(url(""), "page", issues)).toBe(1);
    expect(readPage(url("page=0"), "page", issues)).toBe(1);
    expect(readPage(url("page=2.5"), "page", issues)).toBe(1);
    expect(readPage(url("page=99999999999999999999"), "page", issues)).toBe(1);
    expect(issues.map((i) => i.value)).toEqual(["0", "2.5", "99999999999999999999"]);
  });

  it("reads one of a set of numbers or words, else the fallback with a reason", () => {
    const issues: UrlIssue[] = [];
    expect(readNumberChoice(url("size=100"), "size", [25, 50, 100] as const, 50, issues, "page size")).toBe(100);
    expect(readNumberChoice(url("size=7"), "size", [25, 50, 100] as const, 50, issues, "page size")).toBe(50);
    expect(readChoice(url("order=desc"), "order", ["asc", "desc"] as const, "asc", issues, "an order")).toBe("desc");
    expect(readChoice(url("dir=up"), "dir", ["higher", "lower"] as const, null, issues, "a direction")).toBeNull();
    expect(issues).toEqual([
      { param: "size", value: "7", reason: "is not a page size (use 25, 50, 100)" },
      { param: "dir", value: "up", reason: "is not a direction (use higher, lower)" },
    ]);
  });

  it("reads a set in the choices' own order, without repeats, reporting strangers", () => {
    const issues: UrlIssue[] = [];
    expect(
      readChoiceSet(
        url("state=skipped,pending,skipped,odd"),
        "state",
        ["pending", "completed", "skipped"] as const,
        issues,
        "state",
      ),
    ).toEqual(["pending", "skipped"]);
    expect(issues.map((i) => i.value)).toEqual(["odd"]);
  });

  it("trims text and leaves defaults out of the address", () => {
    expect(readText(url("q=%20refund%20"), "q")).toBe("refund");
    const params = url("keep=1&page=4");
    writeParam(params, "page", "1", "1");
    writeParam(params, "q", "tone");
    expect(params.toString()).toBe("keep=1&q=tone");
  });
});
