import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import { formatAnswer } from "../../shared/call-answers";
import type { Disagreement } from "../agreement/judge-agreement";
import type { JudgeOutcome } from "../model/verdicts";
import { CallReviewLink } from "./call-review-link";
import { ScrollFrame } from "./scroll-frame";

/** At most this many rows: the rest are counted ("n more"); the review walks them one by one anyway. */
export const DISAGREEMENTS_SHOWN = 50;

/** The calls where a version's verdict is not the team's answer, each opening its review. */
export function DisagreementsTable({
  project,
  queueId,
  versionLabel,
  disagreements,
  compared,
  outcomes,
  itemOfCall,
}: {
  project: string;
  queueId: string;
  versionLabel: string;
  disagreements: readonly Disagreement[];
  /** Calls compared with the team's answer: none means there was nothing to disagree on. */
  compared: number;
  outcomes: ReadonlyMap<string, JudgeOutcome> | undefined;
  itemOfCall: ReadonlyMap<string, string>;
}) {
  if (compared === 0)
    return (
      <p className="text-sm text-fg">
        {versionLabel} has no verdict on a call the team answered, so there is nothing to compare yet.
      </p>
    );
  if (disagreements.length === 0)
    return (
      <p className="text-sm text-fg">{versionLabel} agrees with the team&apos;s answer on every call both answered.</p>
    );
  const more = disagreements.length - DISAGREEMENTS_SHOWN;
  return (
    <div className="space-y-2">
      <ScrollFrame label={`Where ${versionLabel} disagrees with the team`}>
        <Table caption={`Where ${versionLabel} disagrees with the team`} density="compact" className="min-w-[40rem]">
          <TableHead>
            <HeaderCell>Call</HeaderCell>
            <HeaderCell>Judge</HeaderCell>
            <HeaderCell>Team</HeaderCell>
            <HeaderCell>Answers (who: what)</HeaderCell>
            <HeaderCell>Judge&apos;s reasoning</HeaderCell>
          </TableHead>
          <tbody>
            {disagreements.slice(0, DISAGREEMENTS_SHOWN).map((row) => {
              const outcome = outcomes?.get(row.callId);
              const reasoning = outcome?.kind === "verdict" ? outcome.reasoning : "";
              return (
                <BodyRow key={row.callId}>
                  <RowHeaderCell className="font-normal">
                    <CallReviewLink project={project} queueId={queueId} callId={row.callId} itemOfCall={itemOfCall} />
                  </RowHeaderCell>
                  <Cell>
                    <UntrustedText text={formatAnswer(row.verdict)} mode="controls" />
                  </Cell>
                  <Cell>
                    <UntrustedText text={formatAnswer(row.majority)} mode="controls" />
                  </Cell>
                  <Cell>
                    <ul className="space-y-0.5">
                      {row.answers.map((answer, index) => (
                        <li key={`${answer.by}-${index}`} className="break-words">
                          <UntrustedText text={answer.by} />: <UntrustedText text={formatAnswer(answer.value)} />
                        </li>
                      ))}
                    </ul>
                  </Cell>
                  <Cell className="max-w-96">
                    {reasoning ? (
                      <details>
                        <summary className="cursor-pointer text-link">Reasoning</summary>
                        <UntrustedText text={reasoning} className="block whitespace-pre-wrap break-words" />
                      </details>
                    ) : (
                      <span className="text-fg-muted">none given</span>
                    )}
                  </Cell>
                </BodyRow>
              );
            })}
          </tbody>
        </Table>
      </ScrollFrame>
      {more > 0 ? (
        <p className="text-sm text-fg-muted">
          {formatCount(more)} more not shown; the review&apos;s Next walks the queue&apos;s items.
        </p>
      ) : null}
    </div>
  );
}
