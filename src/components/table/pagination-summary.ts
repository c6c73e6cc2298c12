import { formatCount } from "@/lib/number-format";

/**
 * What the pagination says: "51–100 of 10,000" and "(page 2 of 200)"; "No rows" for an empty list;
 * for a page past the end, that it is past the end and how long the list is.
 */
export function paginationSummary(p: {
  page: number;
  pageSize: number;
  offset: number;
  shownCount: number;
  total: number | null;
  hasNext: boolean;
}): { summary: string; pages: string | null } {
  const pageCount = p.total !== null ? Math.max(1, Math.ceil(p.total / p.pageSize)) : null;
  if (p.shownCount > 0) {
    const range = `${formatCount(p.offset + 1)}–${formatCount(p.offset + p.shownCount)}`;
    const of = p.total !== null ? ` of ${formatCount(p.total)}` : p.hasNext ? " of many" : "";
    return {
      summary: `${range}${of}`,
      pages: pageCount !== null ? `(page ${formatCount(p.page)} of ${formatCount(pageCount)})` : null,
    };
  }
  if (p.page > 1 && p.total !== 0) {
    const length =
      p.total !== null
        ? `: the list has ${formatCount(p.total)} ${p.total === 1 ? "row" : "rows"} (${formatCount(pageCount ?? 1)} ${pageCount === 1 ? "page" : "pages"})`
        : "";
    return { summary: `Page ${formatCount(p.page)} is past the end${length}`, pages: null };
  }
  return { summary: "No rows", pages: null };
}
