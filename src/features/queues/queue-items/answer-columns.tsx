import type { ColumnVisibilityState } from "@tanstack/react-table";
import { createContext, useContext } from "react";
import { createDataColumnHelper, TipText } from "@/components/table";
import { isNarrowScreen } from "@/lib/screen";
import type { QueueSpec } from "@/api/annotation-specs";
import { cn } from "@/lib/cn";
import { formatAnswer, type AnswersOnCall, type GivenAnswer } from "../shared/call-answers";
import { ITEM_COLUMNS, NONE, type ItemRow } from "./items-columns";

/** The answers on the page's calls (undefined while they load), and who "you" are. */
export type PageAnswers = {
  byCall: ReadonlyMap<string, AnswersOnCall> | undefined;
  me: string | null;
  failed: boolean;
  /** Calls whose others' answers are hidden from me (blind review, and I have not answered them all). */
  hiddenOn?: ReadonlySet<string>;
};

// Cells read the answers from here rather than from their row: the answers arrive after the rows,
// and only these cells need to draw again when they do.
const PageAnswersContext = createContext<PageAnswers>({ byCall: undefined, me: null, failed: false });
export const PageAnswersProvider = PageAnswersContext.Provider;

const helper = createDataColumnHelper<ItemRow>();

export const answerColumnId = (spec: Pick<QueueSpec, "id">) => `answer:${spec.id}`;

/** A column per question of the queue; not sortable (the service sorts items, not answers). */
function answerColumns(specs: readonly QueueSpec[]) {
  return specs.map((spec) =>
    helper.display({
      id: answerColumnId(spec),
      header: spec.label,
      enableSorting: false,
      meta: {
        label: spec.label,
        width: spec.fieldSchema.type === "string" && !Array.isArray(spec.fieldSchema.enum) ? 200 : 132,
      },
      cell: (info) => <AnswerCell callId={info.row.original.call_id} specId={spec.id} />,
    }),
  );
}

const ANSWERS_AT =
  ITEM_COLUMNS.findIndex((column) => "accessorKey" in column && column.accessorKey === "annotator_user_id") + 1;

/**
 * The items table's columns for a queue: the item's own, with a column per question right after
 * Annotator (what a lead scans the table for, in the first screen).
 */
export function itemColumnsWith(specs: readonly QueueSpec[]) {
  return [...ITEM_COLUMNS.slice(0, ANSWERS_AT), ...answerColumns(specs), ...ITEM_COLUMNS.slice(ANSWERS_AT)];
}

export type ItemColumns = ReturnType<typeof itemColumnsWith>;

/**
 * On a phone the questions' columns start hidden too: a queue may have many, and the phone set of
 * columns is kept small (the column chooser lists them). A choice the user made still wins.
 */
export function withPhoneQuestionDefaults(
  visibility: ColumnVisibilityState,
  questionColumnIds: readonly string[],
): ColumnVisibilityState {
  if (!isNarrowScreen()) return visibility;
  const unset = questionColumnIds.filter((id) => !(id in visibility));
  return unset.length === 0 ? visibility : { ...Object.fromEntries(unset.map((id) => [id, false])), ...visibility };
}

/**
 * One question's answers on one item: yours first (in bold), then the others', compactly, with
 * who answered what in the tooltip. Answers that differ are marked, so disagreement stands out.
 * Under blind review, on an item I have not answered in full, only my own answer shows, with a
 * mark saying others' are hidden (and no disagreement mark, which would tell them apart).
 */
function AnswerCell({ callId, specId }: { callId: string; specId: string }) {
  const { byCall, me, failed, hiddenOn } = useContext(PageAnswersContext);
  if (!byCall)
    return (
      <span className="text-fg-muted">
        {failed ? "?" : "…"}
        <span className="sr-only">{failed ? "Answers could not be read" : "Loading answers"}</span>
      </span>
    );
  const given = byCall.get(callId)?.[specId] ?? [];
  const hidden = !!hiddenOn?.has(callId) && given.some((answer) => answer.by !== me);
  const answers = hidden ? given.filter((answer) => answer.by === me) : given;
  if (hidden) return <HiddenAnswers mine={answers[0]} />;
  if (answers.length === 0) return NONE;
  const ordered = answers.toSorted((a, b) => Number(b.by === me) - Number(a.by === me));
  const mine = ordered[0]?.by === me;
  const disagree = new Set(answers.map((answer) => JSON.stringify(answer.value))).size > 1;
  const text = ordered.map((answer) => formatAnswer(answer.value)).join(" · ");
  return (
    <span className={cn("flex min-w-0 items-center gap-1", mine && "font-semibold")}>
      {disagree ? (
        <span title="The annotators disagree" className="shrink-0 text-amber-700 dark:text-amber-300">
          ≠<span className="sr-only">The annotators disagree:</span>
        </span>
      ) : null}
      <TipText text={text} full={whoAnswered(ordered, me)} className="min-w-0" />
    </span>
  );
}

/** My answer, if any, and the mark that others' are hidden until I have answered the item. */
function HiddenAnswers({ mine }: { mine: GivenAnswer | undefined }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      {mine ? (
        <TipText
          text={formatAnswer(mine.value)}
          full={`You: ${formatAnswer(mine.value)}`}
          className="min-w-0 font-semibold"
        />
      ) : null}
      <span
        title="Others' answers are hidden until you answer this item (blind review)"
        className="shrink-0 rounded border border-line px-1 text-xs text-fg-muted"
      >
        <span aria-hidden="true">hidden</span>
        <span className="sr-only">Others' answers hidden until you answer this item (blind review)</span>
      </span>
    </span>
  );
}

const whoAnswered = (answers: readonly GivenAnswer[], me: string | null) =>
  answers.map((answer) => `${answer.by === me ? "You" : answer.by}: ${formatAnswer(answer.value)}`).join("; ");
