import { Link } from "react-router-dom";
import { BodyRow, Cell, HeaderCell, StateRow, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import { formatAnswer } from "../shared/call-answers";
import { DEFAULT_TABLE_STATE } from "../shared/items-url-state";
import { reviewHref } from "../shared/links";
import type { ItemDisagreement } from "./agreement";
import { annotatorLabel } from "./annotator-name";

const formatScore = (score: number) => score.toFixed(2);

/** The end of an item id: ids made at about the same time share their start (UUIDv7), their ends tell them apart. */
const tailOf = (id: string) => (id.length > 12 ? `…${id.slice(-10)}` : id);

/** The items where annotators disagree most, each opening its review. */
export function DisagreementTable({ project, queueId, rows, disputedItems, me }: { project: string; queueId: string; rows: readonly ItemDisagreement[]; disputedItems: number; me: string | null }) {
  return (
    <div className="space-y-2">
      <TableFrame>
        <Table caption="Items where annotators disagree most, most disagreement first" density="compact" className="min-w-[36rem]">
          <TableHead>
            <HeaderCell>Item</HeaderCell>
            <HeaderCell align="right" aria-sort="descending">
              Disagreement
            </HeaderCell>
            <HeaderCell>Answers</HeaderCell>
          </TableHead>
          <tbody>
            {rows.length === 0 ? (
              <StateRow colSpan={3}>No item has disagreeing answers: annotators agree wherever several answered.</StateRow>
            ) : (
              rows.map((row) => (
                <BodyRow key={row.itemId}>
                  <Cell className="font-mono whitespace-nowrap">
                    <Link to={reviewHref(project, queueId, row.itemId, DEFAULT_TABLE_STATE, null)} className="font-medium text-link underline underline-offset-2" aria-label={`Review item ${row.itemId}`} title={row.itemId}>
                      {tailOf(row.itemId)}
                    </Link>
                  </Cell>
                  <Cell align="right" className="font-mono tabular-nums">
                    {formatScore(row.score)}
                  </Cell>
                  <Cell>
                    <ul className="space-y-0.5">
                      {row.questions.map((question) => (
                        <li key={question.specId} className="min-w-0 break-words">
                          <span className="font-medium">
                            <UntrustedText text={question.label} />
                          </span>{" "}
                          <span className="text-fg-muted">({formatScore(question.disagreement)}):</span>{" "}
                          {question.answers.map((answer, index) => (
                            <span key={`${answer.by}-${index}`}>
                              {index > 0 ? " · " : null}
                              <UntrustedText text={formatAnswer(answer.value)} mode="controls" />{" "}
                              <span className="text-fg-muted">
                                by <UntrustedText text={annotatorLabel(answer.by, me)} />
                              </span>
                            </span>
                          ))}
                        </li>
                      ))}
                    </ul>
                  </Cell>
                </BodyRow>
              ))
            )}
          </tbody>
        </Table>
      </TableFrame>
      <p className="max-w-3xl text-xs text-fg-muted">
        {disputedItems > rows.length ? `The ${formatCount(rows.length)} of ${formatCount(disputedItems)} items with any disagreement that disagree most. ` : null}
        An item's disagreement on a question is the mean distance between two of its answers, by the same distance alpha uses for
        that question (different or not for categories, rank distance for ratings, squared difference for numbers), divided by the
        distance expected between any two answers in the queue: 0 means the annotators agree, 1 means as far apart as chance. The
        score is the mean over the item's questions answered by several.
      </p>
    </div>
  );
}
