import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";
import { formatAnswer } from "../../shared/call-answers";
import { CallReviewLink } from "./call-review-link";
import type { ChangeEffect, ChangedItem } from "./comparison";
import { DISAGREEMENTS_SHOWN } from "./disagreements-table";
import { ScrollFrame } from "./scroll-frame";

const EFFECT_WORDS: Record<ChangeEffect, string> = {
  fixed: "Fixed: now the team's answer",
  broken: "Broken: was the team's answer",
  "still wrong": "Still wrong",
  "still right": "Still within one of the team's",
  "no team answer": "No team answer to compare",
};

const EFFECT_TONE: Record<ChangeEffect, string> = {
  fixed: "text-emerald-700 dark:text-emerald-400",
  broken: "text-red-700 dark:text-red-400",
  "still wrong": "text-fg",
  "still right": "text-fg",
  "no team answer": "text-fg-muted",
};

/** The calls whose verdict changed between the two versions, and what the change did. */
export function ChangedItemsTable({
  project,
  queueId,
  oldLabel,
  newLabel,
  changed,
  itemOfCall,
}: {
  project: string;
  queueId: string;
  oldLabel: string;
  newLabel: string;
  changed: readonly ChangedItem[];
  itemOfCall: ReadonlyMap<string, string>;
}) {
  if (changed.length === 0)
    return (
      <p className="text-sm text-fg">
        No verdict changed from {oldLabel} to {newLabel} on the calls both judged.
      </p>
    );
  const count = (effect: ChangeEffect) => changed.filter((item) => item.effect === effect).length;
  const more = changed.length - DISAGREEMENTS_SHOWN;
  return (
    <div className="space-y-2">
      <p className="text-sm text-fg">
        {formatCount(changed.length)} verdicts changed: {formatCount(count("fixed"))} fixed,{" "}
        {formatCount(count("broken"))} broken, {formatCount(count("still wrong"))} still wrong.
      </p>
      <ScrollFrame label={`Verdicts that changed from ${oldLabel} to ${newLabel}`}>
        <Table caption={`Verdicts that changed from ${oldLabel} to ${newLabel}`} density="compact">
          <TableHead>
            <HeaderCell>Call</HeaderCell>
            <HeaderCell>{oldLabel}</HeaderCell>
            <HeaderCell>{newLabel}</HeaderCell>
            <HeaderCell>Team</HeaderCell>
            <HeaderCell>Effect</HeaderCell>
          </TableHead>
          <tbody>
            {changed.slice(0, DISAGREEMENTS_SHOWN).map((item) => (
              <BodyRow key={item.callId}>
                <RowHeaderCell className="font-normal">
                  <CallReviewLink project={project} queueId={queueId} callId={item.callId} itemOfCall={itemOfCall} />
                </RowHeaderCell>
                <Cell>
                  <UntrustedText text={formatAnswer(item.before)} mode="controls" />
                </Cell>
                <Cell>
                  <UntrustedText text={formatAnswer(item.after)} mode="controls" />
                </Cell>
                <Cell>
                  {item.team === undefined ? "–" : <UntrustedText text={formatAnswer(item.team)} mode="controls" />}
                </Cell>
                <Cell className={cn(EFFECT_TONE[item.effect])}>{EFFECT_WORDS[item.effect]}</Cell>
              </BodyRow>
            ))}
          </tbody>
        </Table>
      </ScrollFrame>
      {more > 0 ? <p className="text-sm text-fg-muted">{formatCount(more)} more not shown.</p> : null}
    </div>
  );
}
