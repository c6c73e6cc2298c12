import { useMemo, type ReactNode } from "react";
import { createDataColumnHelper, DataTable, useDataTable } from "@/components/table";
import { countOf, formatCount, formatDuration } from "@/lib/number-format";
import { formatAlpha } from "./agreement-table";
import { BREAK_MS, type AnnotatorFigures } from "./annotator-figures";
import { AnnotatorName } from "./annotator-name";

/** A figure the service's data cannot give: a dash, and in words why for screen readers and on hover. */
function Unknown({ why }: { why: string }) {
  return (
    <span title={why}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}

const Sub = ({ children }: { children: ReactNode }) => (
  <span className="block text-xs font-normal text-fg-muted">{children}</span>
);

const BREAK = `${BREAK_MS / 60_000} minutes`;

const NUMBER = { align: "right", cellClassName: "tabular-nums" } as const;
const helper = createDataColumnHelper<AnnotatorFigures>();

function columnsFor(me: string | null) {
  return helper.columns([
    helper.display({
      id: "annotator",
      meta: { label: "Annotator", rowHeader: true, cellClassName: "font-medium" },
      cell: ({ row }) => <AnnotatorName id={row.original.annotator} me={me} />,
    }),
    helper.display({
      id: "completed-today",
      meta: { label: "Completed today", ...NUMBER },
      cell: ({ row }) => formatCount(row.original.completedToday),
    }),
    helper.display({
      id: "completed",
      meta: { label: "Completed", sortedBy: "descending", ...NUMBER },
      cell: ({ row: { original: row } }) => (
        <>
          {formatCount(row.completed)}
          {row.completedUndated > 0 ? <Sub>{formatCount(row.completedUndated)} undated</Sub> : null}
        </>
      ),
    }),
    helper.display({
      id: "skipped-today",
      meta: { label: "Skipped today", ...NUMBER },
      cell: () => <Unknown why="Not known: the service does not date a skip." />,
    }),
    helper.display({
      id: "skipped",
      meta: { label: "Skipped", ...NUMBER },
      cell: ({ row }) => formatCount(row.original.skipped),
    }),
    helper.display({
      id: "in-progress",
      meta: { label: "In progress now", ...NUMBER },
      cell: ({ row: { original: row } }) => (
        <>
          {formatCount(row.inProgress)}
          {row.staleClaims > 0 ? <Sub>{countOf(row.staleClaims, "stale claim")}</Sub> : null}
        </>
      ),
    }),
    helper.display({
      id: "time-per-item",
      meta: { label: "Median time per item", ...NUMBER },
      cell: ({ row: { original: row } }) =>
        row.medianMsPerItem === null ? (
          <Unknown why={`Not known: no two items answered one after the other within ${BREAK}.`} />
        ) : (
          <>
            {formatDuration(row.medianMsPerItem)}
            <Sub>over {countOf(row.timedItems, "item")}</Sub>
          </>
        ),
    }),
    helper.display({
      id: "agreement",
      meta: { label: "Agreement with the others", ...NUMBER, cellClassName: "font-mono tabular-nums" },
      cell: ({ row: { original: row } }) =>
        row.alpha === null ? (
          <Unknown why="Not known: no item has an answer of theirs and another annotator's to the same question." />
        ) : (
          <>
            {formatAlpha(row.alpha)}
            <Sub>
              {countOf(row.pairs, "pair")} on {countOf(row.sharedItems, "item")}
            </Sub>
          </>
        ),
    }),
  ]);
}

/** Who did what: per annotator, completions, skips, work in progress, pace and agreement with the others. */
export function AnnotatorsTable({ rows, me }: { rows: readonly AnnotatorFigures[]; me: string | null }) {
  const columns = useMemo(() => columnsFor(me), [me]);
  const table = useDataTable({ columns, data: rows, getRowId: (row) => row.annotator });
  return (
    <div className="space-y-2">
      <section
        // The table kit's frame, as a named region the keyboard can reach to scroll it on a phone (axe:
        // scrollable-region-focusable); the annotator's column stays in view.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Who did what (scrolls sideways on a narrow screen)"
        className="relative overflow-x-auto rounded-lg border border-line bg-surface focus-visible:outline-2 focus-visible:outline-focus"
      >
        <DataTable table={table} stickyFirst="column" caption="Who did what: each annotator's work on this queue" />
      </section>
      <div className="max-w-3xl space-y-1 text-xs text-fg-muted">
        <p>
          The service keeps each annotator&apos;s progress on an item but shows only its latest writer&apos;s, and it
          dates answers, not progress. So <em>Completed</em> counts the completed items someone answered (each on the
          day of their last answer on it, which decides <em>today</em>, in your time zone) and those whose latest writer
          completed them without answering (<em>undated</em>); <em>Skipped</em> and <em>In progress now</em> count the
          items whose latest writer they are. A skip has no date, so skips today are not known. An item in progress
          whose claim is older than the queue&apos;s claim timeout, or has no claim record to date it, is a{" "}
          <em>stale claim</em>: it is offered to others again and is not counted as in progress.
        </p>
        <p>
          <em>Median time per item</em>: the time between their last answers on two items answered one after the other,
          the median over their items; a gap over {BREAK} counts as a break and is left out (the service records no
          start times, so the first item of a sitting has no time).
        </p>
        <p>
          <em>Agreement with the others</em> is on the scale of Krippendorff&apos;s alpha, over the questions measured
          above: 1 minus the mean distance between their answer and another annotator&apos;s answer to the same question
          on the same item, each divided by the distance chance would give for that question (alpha&apos;s expected
          disagreement). 1 is full agreement, 0 no better than chance; with two annotators it is the question&apos;s
          alpha. It rests on the pairs of answers shown under it.
        </p>
      </div>
    </div>
  );
}
