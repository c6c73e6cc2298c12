import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import type { AgreementLevel } from "../agreement/agreement-figures";
import type { VersionAgreement } from "../agreement/judge-agreement";
import { formatFigure, formatShare, kappaReading } from "./kappa-reading";
import { ScrollFrame } from "./scroll-frame";

/** One version against each annotator over the calls both answered, most shared calls first. */
export function AnnotatorsFiguresTable({
  caption,
  level,
  rows,
}: {
  caption: string;
  level: AgreementLevel;
  rows: VersionAgreement["vsAnnotators"];
}) {
  const numeric = level !== "nominal";
  if (rows.length === 0)
    return <p className="text-sm text-fg-muted">No annotator answered a call this version judged.</p>;
  return (
    <ScrollFrame label={caption}>
      <Table caption={caption} density="compact">
        <TableHead>
          <HeaderCell>Annotator</HeaderCell>
          <HeaderCell align="right">n</HeaderCell>
          <HeaderCell align="right">Accuracy</HeaderCell>
          <HeaderCell align="right">Kappa</HeaderCell>
          {numeric ? <HeaderCell align="right">MAE</HeaderCell> : null}
          {numeric ? <HeaderCell align="right">Spearman</HeaderCell> : null}
          <HeaderCell>Reading</HeaderCell>
        </TableHead>
        <tbody>
          {rows.map(({ by, figures }) => (
            <BodyRow key={by}>
              <RowHeaderCell className="font-normal whitespace-nowrap">
                <UntrustedText text={by} />
              </RowHeaderCell>
              <Cell align="right" className="tabular-nums">
                {formatCount(figures.n)}
              </Cell>
              <Cell align="right" className="tabular-nums">
                {formatShare(figures.accuracy)}
              </Cell>
              <Cell align="right" className="tabular-nums">
                {formatFigure(figures.kappa)}
              </Cell>
              {numeric ? (
                <Cell align="right" className="tabular-nums">
                  {formatFigure(figures.mae)}
                </Cell>
              ) : null}
              {numeric ? (
                <Cell align="right" className="tabular-nums">
                  {formatFigure(figures.spearman)}
                </Cell>
              ) : null}
              <Cell className="text-fg-muted">{kappaReading(figures.kappa, figures.n)}</Cell>
            </BodyRow>
          ))}
        </tbody>
      </Table>
    </ScrollFrame>
  );
}
