import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableHead } from "@/components/table";
import { formatCount } from "@/lib/number-format";
import type { AgreementFigures, AgreementLevel } from "../agreement/agreement-figures";
import { formatChange, formatFigure, formatShare, kappaReading } from "./kappa-reading";
import { ScrollFrame } from "./scroll-frame";

export type FiguresColumn = { label: string; figures: AgreementFigures };

type Row = { name: string; pick: (f: AgreementFigures) => number | null; share?: boolean; count?: boolean };

function rowsFor(level: AgreementLevel): Row[] {
  const rows: Row[] = [
    { name: "Calls compared (n)", pick: (f) => f.n, count: true },
    { name: "Accuracy", pick: (f) => f.accuracy, share: true },
    { name: "Cohen's kappa", pick: (f) => f.kappa },
  ];
  if (level === "ordinal") rows.push({ name: "Weighted kappa (quadratic)", pick: (f) => f.weightedKappa });
  if (level !== "nominal") {
    rows.push({ name: "Mean absolute error", pick: (f) => f.mae });
    rows.push({ name: "Spearman's rho", pick: (f) => f.spearman });
  }
  return rows;
}

/**
 * One or two versions' figures against the team's answer, side by side (older first), with the
 * change between them, and each version's kappa in words under the table.
 */
export function MajorityFiguresTable({
  caption,
  level,
  columns,
}: {
  caption: string;
  level: AgreementLevel;
  columns: readonly FiguresColumn[];
}) {
  const [first, second] = columns;
  const rows = rowsFor(level);
  return (
    <div className="space-y-2">
      <ScrollFrame label={caption}>
        <Table caption={caption} density="compact">
          <TableHead>
            <HeaderCell>Figure</HeaderCell>
            {columns.map((column) => (
              <HeaderCell key={column.label} align="right">
                {column.label}
              </HeaderCell>
            ))}
            {second ? <HeaderCell align="right">Change</HeaderCell> : null}
          </TableHead>
          <tbody>
            {rows.map((row) => (
              <BodyRow key={row.name}>
                <RowHeaderCell className="font-normal">{row.name}</RowHeaderCell>
                {columns.map((column) => {
                  const value = row.pick(column.figures);
                  const text = row.count
                    ? formatCount(value ?? 0)
                    : row.share
                      ? formatShare(value)
                      : formatFigure(value);
                  return (
                    <Cell key={column.label} align="right" className="tabular-nums">
                      {text}
                    </Cell>
                  );
                })}
                {first && second ? (
                  <Cell align="right" className="tabular-nums">
                    {row.count
                      ? formatChange(first.figures.n, second.figures.n).replace(/\.00$/, "")
                      : formatChange(row.pick(first.figures), row.pick(second.figures), row.share)}
                  </Cell>
                ) : null}
              </BodyRow>
            ))}
          </tbody>
        </Table>
      </ScrollFrame>
      <ul className="space-y-0.5 text-sm text-fg">
        {columns.map((column) => (
          <li key={column.label}>
            {column.label}: kappa {formatFigure(column.figures.kappa)},{" "}
            {kappaReading(column.figures.kappa, column.figures.n)}.
          </li>
        ))}
      </ul>
    </div>
  );
}
