import { Link } from "react-router-dom";
import { createContext, use, useMemo } from "react";
import {
  createDataColumnHelper,
  DataTable,
  DataTableRows,
  StateRow,
  TableFrame,
  useDataTable,
} from "@/components/table";
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

type Context = { project: string; queueId: string; me: string | null };
// What the cells need besides their row: where a review opens, and who "you" are.
const ContextValue = createContext<Context>({ project: "", queueId: "", me: null });

function ItemCell({ row }: { row: ItemDisagreement }) {
  const { project, queueId } = use(ContextValue);
  return (
    <Link
      to={reviewHref(project, queueId, row.itemId, DEFAULT_TABLE_STATE, null)}
      className="font-medium text-link underline underline-offset-2"
      aria-label={`Review item ${row.itemId}`}
      title={row.itemId}
    >
      {tailOf(row.itemId)}
    </Link>
  );
}

function AnswersCell({ row }: { row: ItemDisagreement }) {
  const { me } = use(ContextValue);
  return (
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
  );
}

const helper = createDataColumnHelper<ItemDisagreement>();

const COLUMNS = helper.columns([
  helper.display({
    id: "item",
    meta: { label: "Item", cellClassName: "font-mono whitespace-nowrap" },
    cell: ({ row }) => <ItemCell row={row.original} />,
  }),
  helper.display({
    id: "score",
    meta: { label: "Disagreement", align: "right", sortedBy: "descending", cellClassName: "font-mono tabular-nums" },
    cell: ({ row }) => formatScore(row.original.score),
  }),
  helper.display({ id: "answers", meta: { label: "Answers" }, cell: ({ row }) => <AnswersCell row={row.original} /> }),
]);

/** The items where annotators disagree most, each opening its review. */
export function DisagreementTable({
  project,
  queueId,
  rows,
  disputedItems,
  me,
}: {
  project: string;
  queueId: string;
  rows: readonly ItemDisagreement[];
  disputedItems: number;
  me: string | null;
}) {
  const table = useDataTable({ columns: COLUMNS, data: rows, getRowId: (row) => row.itemId });
  const context = useMemo(() => ({ project, queueId, me }), [project, queueId, me]);
  return (
    <div className="space-y-2">
      <TableFrame>
        <ContextValue value={context}>
          <DataTable
            table={table}
            caption="Items where annotators disagree most, most disagreement first"
            density="compact"
            className="min-w-[36rem]"
          >
            {rows.length === 0 ? (
              <tbody>
                <StateRow colSpan={3}>
                  No item has disagreeing answers: annotators agree wherever several answered.
                </StateRow>
              </tbody>
            ) : (
              <DataTableRows table={table} />
            )}
          </DataTable>
        </ContextValue>
      </TableFrame>
      <p className="max-w-3xl text-xs text-fg-muted">
        {disputedItems > rows.length
          ? `The ${formatCount(rows.length)} of ${formatCount(disputedItems)} items with any disagreement that disagree most. `
          : null}
        An item's disagreement on a question is the mean distance between two of its answers, by the same distance alpha
        uses for that question (different or not for categories, rank distance for ratings, squared difference for
        numbers), divided by the distance expected between any two answers in the queue: 0 means the annotators agree, 1
        means as far apart as chance. The score is the mean over the item's questions answered by several.
      </p>
    </div>
  );
}
