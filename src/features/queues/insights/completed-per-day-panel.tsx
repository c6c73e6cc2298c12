import { lazy, Suspense, useMemo } from "react";
import { useTheme } from "@/components/theme/theme-context";
import { formatCount } from "@/lib/number-format";
import { createDataColumnHelper, DataTable, TableFrame, useDataTable } from "@/components/table";
import { AnnotatorName, annotatorLabel } from "./annotator-name";
import { annotatorColor, canDrawCharts } from "./chart-colors";
import type { CompletedPerDay } from "./completed-per-day";

// uPlot (and its CSS) load with the chart, only where a canvas can draw it.
const CompletedChart = lazy(() => import("./completed-chart").then((m) => ({ default: m.CompletedChart })));

const formatDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { month: "short", day: "numeric" });
};

/** Completions per annotator per day: the stacked bar chart, its legend, and the same numbers as a table. */
export function CompletedPerDayPanel({ data, me }: { data: CompletedPerDay; me: string | null }) {
  const { resolved } = useTheme();
  const names = data.annotators.map((id) => annotatorLabel(id, me));
  const totals = data.counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  if (data.days.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">
        No completed item has answers yet
        {data.undated > 0
          ? `: ${formatCount(data.undated)} completed ${data.undated === 1 ? "item has" : "items have"} none, and the service does not date completions`
          : ""}
        .
      </p>
    );
  }
  const summary = `Items completed per day by ${formatCount(names.length)} annotators from ${data.days[0]} to ${data.days.at(-1)}: ${names.map((name, index) => `${name} ${formatCount(totals[index] ?? 0)}`).join(", ")}. The table below has every day.`;
  return (
    <div className="space-y-3 rounded-lg border border-line bg-surface p-3">
      <ul aria-label="Annotators" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {data.annotators.map((id, index) => (
          <li key={id} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-sm"
              style={{ background: annotatorColor(resolved, index) }}
            />
            <AnnotatorName id={id} me={me} />
            <span className="text-fg-muted tabular-nums">{formatCount(totals[index] ?? 0)}</span>
          </li>
        ))}
      </ul>
      {canDrawCharts() ? (
        <Suspense
          fallback={<div className="h-[240px] animate-pulse rounded-md bg-subtle motion-reduce:animate-none" />}
        >
          <CompletedChart data={data} names={names} theme={resolved} label={summary} />
        </Suspense>
      ) : (
        <p className="text-sm text-fg-muted">
          This browser cannot draw charts (no canvas): the table below has the numbers.
        </p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-xs font-medium text-fg-muted hover:text-fg">
          Show the numbers as a table
        </summary>
        {/* The table scrolls on its own: focusable, so keyboard users can scroll it too (axe: scrollable-region-focusable). */}
        <section
          // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="Completions per day, scrollable"
          className="mt-2 max-h-96 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-focus"
        >
          <NumbersTable data={data} me={me} />
        </section>
      </details>
      <p className="text-xs text-fg-muted">
        The trace service shows only the latest writer of an item and does not date state changes, so a completed item
        counts once for each annotator who answered its questions, on the day of their last answer (in your time zone).
        {data.undated > 0
          ? ` ${formatCount(data.undated)} completed ${data.undated === 1 ? "item whose" : "items whose"} latest writer gave no answer ${data.undated === 1 ? "is" : "are"} not dated and not shown.`
          : ""}
      </p>
    </div>
  );
}

type DayRow = { index: number; day: string };
const helper = createDataColumnHelper<DayRow>();

const DAY_COLUMN = helper.display({
  id: "day",
  meta: { label: "Day", rowHeader: true, cellClassName: "font-normal whitespace-nowrap" },
  cell: ({ row }) => <time dateTime={row.original.day}>{formatDay(row.original.day)}</time>,
});

/** A row per day, a column per annotator: what the chart draws, as numbers. */
function NumbersTable({ data, me }: { data: CompletedPerDay; me: string | null }) {
  const columns = useMemo(
    () =>
      helper.columns([
        DAY_COLUMN,
        ...data.annotators.map((id, index) =>
          helper.display({
            id: `annotator:${id}`,
            meta: {
              label: annotatorLabel(id, me),
              align: "right",
              header: <AnnotatorName id={id} me={me} />,
              cellClassName: "tabular-nums",
            },
            cell: ({ row }) => formatCount(data.counts[index]?.[row.original.index] ?? 0),
          }),
        ),
      ]),
    [data, me],
  );
  const days = useMemo(() => data.days.map((day, index) => ({ index, day })), [data.days]);
  const table = useDataTable({ columns, data: days, getRowId: (row) => row.day });
  return (
    <TableFrame>
      <DataTable table={table} caption="Items completed per annotator per day" density="compact" />
    </TableFrame>
  );
}
