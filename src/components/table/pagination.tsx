import { memo } from "react";
import { usePendingValue } from "@/lib/url-state/use-pending-value";
import { Button } from "../button";
import { Field } from "../field";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";
import { paginationSummary, type PageResult } from "./pagination-summary";

export type PaginationProps<Size extends number> = {
  /** 1-based. */
  page: number;
  pageSize: Size;
  pageSizes: readonly Size[];
  result: PageResult;
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: Size) => void;
  /** The navigation landmark's name, when a page has more than one list. */
  label?: string;
};

/**
 * "51–100 of 10,000", rows per page, Previous/Next. "of N" shows when N is known (a total from
 * the service, or once the last page is reached).
 */
function PaginationImpl<Size extends number>({
  page,
  pageSize,
  pageSizes,
  result,
  loading,
  onPage,
  onPageSize,
  label = "Pagination",
}: PaginationProps<Size>) {
  const [shownSize, setPendingSize] = usePendingValue<Size>(pageSize);
  const { summary, pages } = paginationSummary({ ...result, page, pageSize });
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <Field label="Rows per page" layout="inline" quiet>
        {(control) => (
          <select
            id={control.id}
            value={shownSize}
            onChange={(event) => {
              const size = pageSizes.find((s) => s === Number(event.target.value));
              if (size === undefined) return;
              setPendingSize(size);
              onPageSize(size);
            }}
            className="h-8 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex items-center gap-3">
        <output aria-live="polite" className="text-fg-muted tabular-nums">
          <span className="sr-only">{loading ? "Loading. " : ""}Rows </span>
          {summary}
          {pages ? <span className="ml-2 text-xs">{pages}</span> : null}
        </output>
        <div className="flex gap-1">
          <Button size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} icon={<ChevronLeftIcon size={14} />}>
            Previous page
          </Button>
          <Button size="sm" onClick={() => onPage(page + 1)} disabled={!result.hasNext}>
            Next page
            <ChevronRightIcon size={14} />
          </Button>
        </div>
      </div>
    </nav>
  );
}

/** Props alike but for a `result` rebuilt with the same fields (callers build it inline). */
function sameProps<Size extends number>(before: PaginationProps<Size>, after: PaginationProps<Size>) {
  const keys = Object.keys({ ...before, ...after }) as (keyof PaginationProps<Size>)[];
  return keys.every((key) =>
    key === "result"
      ? (Object.keys(after.result) as (keyof PageResult)[]).every((k) => before.result[k] === after.result[k])
      : Object.is(before[key], after[key]),
  );
}

// memo() loses the generic parameter; the cast gives it back.
export const Pagination = memo(PaginationImpl, sameProps) as typeof PaginationImpl;
