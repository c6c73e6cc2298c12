import { createDataColumnHelper, DataTable, TableFrame, useDataTable } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { AlphaReading } from "@/lib/krippendorff-alpha";
import { formatCount } from "@/lib/number-format";
import type { SpecAgreement } from "./agreement";

const LEVEL_WORDS = {
  nominal: "Nominal (categories)",
  ordinal: "Ordinal (ranked ratings)",
  interval: "Interval (numbers)",
} as const;

const READING: Record<AlphaReading, { words: string; tone: string }> = {
  good: { words: "Good: reliable", tone: "text-emerald-700 dark:text-emerald-400" },
  tentative: { words: "Tentative conclusions only", tone: "text-amber-700 dark:text-amber-300" },
  low: { words: "Low: do not rely on it", tone: "text-red-700 dark:text-red-400" },
  "not enough data": { words: "Not enough data", tone: "text-fg-muted" },
};

/** Why a question has no alpha, in words. */
function whyNoAlpha(row: SpecAgreement): string {
  if (row.level === null) return "Free text: agreement is not measured.";
  if (!row.spec.uniqueAmongCreators) return "One shared answer per item: never answered by several.";
  if (row.units === 0) return "No item has answers from two annotators yet.";
  return "No variation in the answers: alpha is undefined.";
}

export const formatAlpha = (alpha: number) => alpha.toFixed(3);

const levelWords = (row: SpecAgreement) => (row.level ? LEVEL_WORDS[row.level] : "Not measured");

const helper = createDataColumnHelper<SpecAgreement>();

// On a phone the level moves under the question and the answers' count is left out, so the table fits.
const COLUMNS = helper.columns([
  helper.display({
    id: "question",
    meta: { label: "Question", rowHeader: true, cellClassName: "font-medium" },
    cell: ({ row: { original: row } }) => (
      <>
        <UntrustedText text={row.spec.label} />
        <span className="block text-xs font-normal text-fg-muted lg:hidden">{levelWords(row)}</span>
      </>
    ),
  }),
  helper.display({
    id: "alpha",
    meta: { label: "Alpha", align: "right", cellClassName: "font-mono tabular-nums" },
    cell: ({ row: { original: row } }) => (row.alpha === null ? "—" : formatAlpha(row.alpha)),
  }),
  helper.display({
    id: "reading",
    meta: {
      label: "Reading",
      cellClassName: "text-sm",
      cellClassOf: (row: SpecAgreement) => READING[row.reading].tone,
    },
    cell: ({ row: { original: row } }) => (
      <>
        {READING[row.reading].words}
        {row.alpha === null ? <span className="block text-xs text-fg-muted">{whyNoAlpha(row)}</span> : null}
      </>
    ),
  }),
  helper.display({
    id: "level",
    meta: {
      label: "Level",
      headerClassName: "hidden lg:table-cell",
      cellClassName: "hidden whitespace-nowrap text-fg-muted lg:table-cell",
    },
    cell: ({ row }) => levelWords(row.original),
  }),
  helper.display({
    id: "items",
    meta: { label: "Items", align: "right", cellClassName: "tabular-nums" },
    cell: ({ row }) => formatCount(row.original.units),
  }),
  helper.display({
    id: "answers",
    meta: {
      label: "Answers",
      align: "right",
      headerClassName: "hidden lg:table-cell",
      cellClassName: "hidden tabular-nums lg:table-cell",
    },
    cell: ({ row }) => formatCount(row.original.pairableValues),
  }),
]);

/** Krippendorff's alpha per question, the level used, what it rests on and what it means. */
export function AgreementTable({ rows }: { rows: readonly SpecAgreement[] }) {
  const table = useDataTable({ columns: COLUMNS, data: rows, getRowId: (row) => row.spec.id });
  return (
    <div className="space-y-2">
      <TableFrame>
        <DataTable table={table} caption="Agreement between annotators per question (Krippendorff's alpha)" />
      </TableFrame>
      <p className="max-w-3xl text-xs text-fg-muted">
        Alpha is 1 when annotators always agree and 0 when they agree no more than chance would (below 0: less).
        Following Krippendorff (2004, <cite>Content Analysis</cite>, 241): rely on questions with alpha ≥ 0.800, draw
        only tentative conclusions from 0.667 to 0.800, and treat lower values as unreliable. <em>Items</em> are those
        answered by two or more annotators (the only ones alpha can use); <em>Answers</em> are the answers on them. The
        level follows the question: yes/no and choices as categories, bounded whole-number ratings as ranks, other
        numbers as intervals; free text is left out.
      </p>
    </div>
  );
}
