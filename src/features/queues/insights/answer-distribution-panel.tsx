import { useId, useMemo } from "react";
import { createDataColumnHelper, DataTable, DataTableRows, useDataTable } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import type { AnswerDistribution } from "./answer-distributions";

const KIND_WORDS = {
  "yes-no": "Yes / no",
  choice: "Choice",
  rating: "Rating",
  number: "Number (ranges)",
  text: "Free text",
} as const;

/**
 * One question's answers as horizontal bars: a real table (value, count, share) with the bar
 * drawn in the share's cell, so screen readers read the numbers and everyone sees the shape.
 */
export function AnswerDistributionPanel({ distribution }: { distribution: AnswerDistribution }) {
  const headingId = useId();
  const { spec, measure, answers, bins, unreadable } = distribution;
  return (
    <figure aria-labelledby={headingId} className="min-w-0 space-y-2 rounded-lg border border-line bg-surface p-3">
      <figcaption className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          <UntrustedText text={spec.label} />
        </h3>
        <span className="text-xs text-fg-muted tabular-nums">
          {KIND_WORDS[measure.kind]} · {formatCount(answers)} {answers === 1 ? "answer" : "answers"}
        </span>
      </figcaption>
      {measure.kind === "text" ? (
        <p className="text-sm text-fg-muted">Free-text answers are counted, not charted.</p>
      ) : answers === 0 ? (
        <p className="text-sm text-fg-muted">No answers yet.</p>
      ) : (
        <BarsTable bins={bins} labelledBy={headingId} />
      )}
      {unreadable > 0 ? (
        <p className="text-xs text-fg-muted">
          {formatCount(unreadable)} {unreadable === 1 ? "answer does" : "answers do"} not fit the question and{" "}
          {unreadable === 1 ? "is" : "are"} left out.
        </p>
      ) : null}
    </figure>
  );
}

type Bar = { label: string; count: number; share: number; length: number };
const helper = createDataColumnHelper<Bar>();

const BAR_COLUMNS = helper.columns([
  helper.display({
    id: "answer",
    meta: {
      label: "Answer",
      rowHeader: true,
      cellClassName: "w-0 max-w-40 truncate py-0.5 pr-2 font-normal whitespace-nowrap text-fg",
    },
    cell: ({ row }) => (
      <span title={row.original.label}>
        <UntrustedText text={row.original.label} />
      </span>
    ),
  }),
  helper.display({
    id: "count",
    meta: { label: "Count", align: "right", cellClassName: "w-0 py-0.5 pr-2 text-fg tabular-nums" },
    cell: ({ row }) => formatCount(row.original.count),
  }),
  helper.display({
    id: "share",
    meta: { label: "Share", align: "right", cellClassName: "w-10 py-0.5 pr-2 text-fg-muted tabular-nums" },
    cell: ({ row }) => `${Math.round(row.original.share * 100)}%`,
  }),
  helper.display({
    id: "bar",
    meta: { label: "Bar", header: "", decorative: true, cellClassName: "w-1/2 py-0.5" },
    cell: ({ row }) => (
      <div className="h-3 overflow-hidden rounded-sm bg-subtle">
        <div
          className="h-full rounded-sm bg-indigo-600 dark:bg-indigo-400"
          style={{ width: `${row.original.length * 100}%` }}
        />
      </div>
    ),
  }),
]);

/** The answers' counts and shares, a bar drawn beside each; the header row is for screen readers. */
function BarsTable({ bins, labelledBy }: { bins: AnswerDistribution["bins"]; labelledBy: string }) {
  const bars = useMemo(() => {
    const largest = Math.max(1, ...bins.map((bin) => bin.count));
    const counted = bins.reduce((sum, bin) => sum + bin.count, 0);
    return bins.map((bin) => ({
      label: bin.label,
      count: bin.count,
      share: counted > 0 ? bin.count / counted : 0,
      length: bin.count / largest,
    }));
  }, [bins]);
  const table = useDataTable({ columns: BAR_COLUMNS, data: bars, getRowId: (bar) => bar.label });
  return (
    <DataTable table={table} density="bare" headClassName="sr-only" aria-labelledby={labelledBy}>
      <DataTableRows table={table} plain />
    </DataTable>
  );
}
