import { formatCount } from "@/lib/number-format";

/** Where a shown page of rows stands in its list: what the pagination reads from a fetched page. */
export type PageResult = {
  /** Rows before this page (the service's offset). */
  offset: number;
  shownCount: number;
  /** The list's length when known; services that page with a cursor often do not say. */
  total: number | null;
  hasNext: boolean;
};

/** A fetched page's result from what its hook says about it and the rows it shows. */
export const pageResult = (
  page: Pick<PageResult, "offset" | "total" | "hasNext">,
  rows: readonly unknown[],
): PageResult => ({ offset: page.offset, shownCount: rows.length, total: page.total, hasNext: page.hasNext });

/** The page that holds the first row on screen once the page size changes, so that row stays in view. */
export const pageKeepingFirstRow = (current: { page: number; pageSize: number }, size: number) =>
  Math.floor(((current.page - 1) * current.pageSize) / size) + 1;

/**
 * What the pagination says: "51–100 of 10,000" and "(page 2 of 200)"; "No rows" for an empty list;
 * for a page past the end, that it is past the end and how long the list is.
 */
export function paginationSummary(p: PageResult & { page: number; pageSize: number }): {
  summary: string;
  pages: string | null;
} {
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
