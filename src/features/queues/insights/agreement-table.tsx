import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import type { AlphaReading } from "@/lib/krippendorff-alpha";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";
import type { SpecAgreement } from "./agreement";

const LEVEL_WORDS = { nominal: "Nominal (categories)", ordinal: "Ordinal (ranked ratings)", interval: "Interval (numbers)" } as const;

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

/** Krippendorff's alpha per question, the level used, what it rests on and what it means. */
export function AgreementTable({ rows }: { rows: readonly SpecAgreement[] }) {
  return (
    <div className="space-y-2">
      <TableFrame>
        <Table caption="Agreement between annotators per question (Krippendorff's alpha)">
          <TableHead>
            <HeaderCell>Question</HeaderCell>
            <HeaderCell align="right">Alpha</HeaderCell>
            <HeaderCell>Reading</HeaderCell>
            {/* On a phone the level moves under the question and the answers' count is left out, so the table fits. */}
            <HeaderCell className="hidden lg:table-cell">Level</HeaderCell>
            <HeaderCell align="right">Items</HeaderCell>
            <HeaderCell align="right" className="hidden lg:table-cell">
              Answers
            </HeaderCell>
          </TableHead>
          <tbody>
            {rows.map((row) => (
              <BodyRow key={row.spec.id}>
                <RowHeaderCell className="font-medium">
                  <UntrustedText text={row.spec.label} />
                  <span className="block text-xs font-normal text-fg-muted lg:hidden">{row.level ? LEVEL_WORDS[row.level] : "Not measured"}</span>
                </RowHeaderCell>
                <Cell align="right" className="font-mono tabular-nums">
                  {row.alpha === null ? "—" : formatAlpha(row.alpha)}
                </Cell>
                <Cell className={cn("text-sm", READING[row.reading].tone)}>
                  {READING[row.reading].words}
                  {row.alpha === null ? <span className="block text-xs text-fg-muted">{whyNoAlpha(row)}</span> : null}
                </Cell>
                <Cell className="hidden whitespace-nowrap text-fg-muted lg:table-cell">{row.level ? LEVEL_WORDS[row.level] : "Not measured"}</Cell>
                <Cell align="right" className="tabular-nums">
                  {formatCount(row.units)}
                </Cell>
                <Cell align="right" className="hidden tabular-nums lg:table-cell">
                  {formatCount(row.pairableValues)}
                </Cell>
              </BodyRow>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      <p className="max-w-3xl text-xs text-fg-muted">
        Alpha is 1 when annotators always agree and 0 when they agree no more than chance would (below 0: less). Following
        Krippendorff (2004, <cite>Content Analysis</cite>, 241): rely on questions with alpha ≥ 0.800, draw only tentative
        conclusions from 0.667 to 0.800, and treat lower values as unreliable. <em>Items</em> are those answered by two or more
        annotators (the only ones alpha can use); <em>Answers</em> are the answers on them. The level follows the question: yes/no
        and choices as categories, bounded whole-number ratings as ranks, other numbers as intervals; free text is left out.
      </p>
    </div>
  );
}
