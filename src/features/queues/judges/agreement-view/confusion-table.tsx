import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";
import type { VersionAgreement } from "../agreement/judge-agreement";
import { ScrollFrame } from "./scroll-frame";

/** The judge's verdicts (rows) by the team's answers (columns); the diagonal, where they agree, marked. */
export function ConfusionTable({
  caption,
  confusion,
}: {
  caption: string;
  confusion: NonNullable<VersionAgreement["confusion"]>;
}) {
  const { labels, counts } = confusion;
  return (
    <ScrollFrame label={caption}>
      <Table caption={caption} density="compact" className="w-auto">
        <TableHead>
          <HeaderCell>
            Judge ↓ <span className="sr-only">by</span> Team →
          </HeaderCell>
          {labels.map((label, column) => (
            <HeaderCell key={column} align="right">
              <UntrustedText text={label} />
            </HeaderCell>
          ))}
        </TableHead>
        <tbody>
          {labels.map((label, row) => (
            <BodyRow key={row}>
              <RowHeaderCell className="font-normal">
                <UntrustedText text={label} />
              </RowHeaderCell>
              {labels.map((_, column) => {
                const agree = row === column;
                return (
                  <Cell
                    key={column}
                    align="right"
                    data-diagonal={agree || undefined}
                    className={cn("tabular-nums", agree && "bg-emerald-50 font-semibold dark:bg-emerald-500/10")}
                  >
                    {formatCount(counts[row]?.[column] ?? 0)}
                    {agree ? <span className="sr-only"> (agree)</span> : null}
                  </Cell>
                );
              })}
            </BodyRow>
          ))}
        </tbody>
      </Table>
    </ScrollFrame>
  );
}
