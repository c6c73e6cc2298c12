import { Link } from "react-router-dom";
import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import { DEFAULT_TABLE_STATE } from "../../shared/items-url-state";
import { reviewHref } from "../../shared/links";
import type { JudgeOutcome } from "../model/verdicts";

const SHOWN = 50;

const KIND_WORDS = { refused: "Refused", malformed: "Malformed reply", missing_field: "Missing field" } as const;

/** The calls this version failed on (refused, malformed, a missing field), each linking to its review. */
export function RunFailures({
  project,
  queueId,
  outcomes,
  itemOfCall,
}: {
  project: string;
  queueId: string;
  outcomes: ReadonlyMap<string, JudgeOutcome> | undefined;
  itemOfCall: ReadonlyMap<string, string>;
}) {
  const failures = [...(outcomes ?? [])].flatMap(([callId, outcome]) =>
    outcome.kind === "failure" ? [{ callId, outcome }] : [],
  );
  if (failures.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">
        Failures of this version ({formatCount(failures.length)}
        {failures.length > SHOWN ? `, the first ${SHOWN} shown` : ""})
      </h3>
      <TableFrame>
        <Table caption="Calls the judge failed on" density="compact" className="min-w-[32rem]">
          <TableHead>
            <HeaderCell>Call</HeaderCell>
            <HeaderCell>Kind</HeaderCell>
            <HeaderCell>Reason</HeaderCell>
          </TableHead>
          <tbody>
            {failures.slice(0, SHOWN).map(({ callId, outcome }) => {
              const itemId = itemOfCall.get(callId);
              return (
                <BodyRow key={callId}>
                  <RowHeaderCell>
                    {itemId ? (
                      <Link
                        to={reviewHref(project, queueId, itemId, DEFAULT_TABLE_STATE, null)}
                        aria-label={`Review call ${callId}`}
                        className="font-mono text-xs text-link underline underline-offset-2"
                      >
                        {callId.slice(0, 12)}
                      </Link>
                    ) : (
                      <span className="font-mono text-xs">{callId.slice(0, 12)}</span>
                    )}
                  </RowHeaderCell>
                  <Cell>{outcome.kind === "failure" ? KIND_WORDS[outcome.failure] : ""}</Cell>
                  <Cell>
                    <UntrustedText text={outcome.kind === "failure" ? outcome.reason : ""} className="break-words" />
                  </Cell>
                </BodyRow>
              );
            })}
          </tbody>
        </Table>
      </TableFrame>
    </div>
  );
}
