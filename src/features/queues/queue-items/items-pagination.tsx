import { memo, useId } from "react";
import { Button } from "../../../components/button";
import { usePendingValue } from "../shared/use-pending-value";
import { PAGE_SIZES, type PageSize } from "../shared/items-url-state";
import { paginationSummary } from "./pagination-summary";

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === "left" ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * "51–100 of 10,000", rows per page, Previous/Next. The service sends no total: "of N" shows when
 * N is known (the queue's total without a filter, or once the last page is reached).
 */
export const ItemsPagination = memo(function ItemsPagination({
  page,
  pageSize,
  offset,
  shownCount,
  total,
  hasNext,
  loading,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: PageSize;
  offset: number;
  shownCount: number;
  total: number | null;
  hasNext: boolean;
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const sizeId = useId();
  const [shownSize, setPendingSize] = usePendingValue<PageSize>(pageSize);
  const { summary, pages } = paginationSummary({ page, pageSize, offset, shownCount, total, hasNext });
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-fg-muted">
          Rows per page
        </label>
        <select
          id={sizeId}
          value={shownSize}
          onChange={(event) => {
            const size = Number(event.target.value) as PageSize;
            setPendingSize(size);
            onPageSize(size);
          }}
          className="h-8 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-3">
        <output aria-live="polite" className="text-fg-muted tabular-nums">
          <span className="sr-only">{loading ? "Loading. " : ""}Rows </span>
          {summary}
          {pages ? <span className="ml-2 text-xs">{pages}</span> : null}
        </output>
        <div className="flex gap-1">
          <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} icon={<ChevronIcon direction="left" />}>
            Previous page
          </Button>
          <Button size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext}>
            Next page
            <ChevronIcon direction="right" />
          </Button>
        </div>
      </div>
    </nav>
  );
});
