import { describe, expect, it } from "vitest";
import { paginationSummary } from "./pagination-summary";

const base = { page: 1, pageSize: 50, offset: 0, shownCount: 50, total: 10_000, hasNext: true };

describe("what the pagination says", () => {
  it("gives the range, the total and the page", () => {
    expect(paginationSummary({ ...base, page: 2, offset: 50 })).toEqual({
      summary: "51–100 of 10,000",
      pages: "(page 2 of 200)",
    });
    expect(paginationSummary({ ...base, total: null })).toEqual({ summary: "1–50 of many", pages: null });
  });

  it("says an empty list has no rows, without a total of 0 or a page count", () => {
    expect(paginationSummary({ ...base, shownCount: 0, total: 0, hasNext: false })).toEqual({
      summary: "No rows",
      pages: null,
    });
    expect(paginationSummary({ ...base, shownCount: 0, total: null, hasNext: false })).toEqual({
      summary: "No rows",
      pages: null,
    });
  });

  it("says a page past the end is past the end, and how long the list is", () => {
    expect(paginationSummary({ ...base, page: 99_999, offset: 4_999_900, shownCount: 0, hasNext: false })).toEqual({
      summary: "Page 99,999 is past the end: the list has 10,000 rows (200 pages)",
      pages: null,
    });
    expect(paginationSummary({ ...base, page: 3, offset: 100, shownCount: 0, total: 1, hasNext: false }).summary).toBe(
      "Page 3 is past the end: the list has 1 row (1 page)",
    );
  });
});
