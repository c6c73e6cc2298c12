import { useId } from "react";
import { Link, useParams } from "react-router-dom";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { RelativeTime } from "@/components/relative-time";
import { BodyRow, Cell, HeaderCell, RowHeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import { judgeHref } from "../shared/links";
import { NoProjectNotice } from "../shared/no-project-notice";
import { QueueLoadErrors } from "../shared/queue-load-errors";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { useQueueJudges } from "./api/judges";
import { JudgesHeader } from "./judges-header";
import type { JudgeSource } from "./load-judge-source";
import type { Judge } from "./model/judge-value";
import { versionKey } from "./model/verdicts";
import { useQueueJudging } from "./use-queue-judging";
import { JudgeSourceError } from "./source-error";

/** /queues/:queueId/judges: the queue's LLM judges, and New judge. */
export function JudgesPage() {
  const project = useAnnotationProject();
  const { queueId = "" } = useParams();
  if (!project) return <NoProjectNotice pageTitle="Queue judges" />;
  return (
    <PanelErrorBoundary label="The queue's judges" resetKeys={[project, queueId]}>
      <Judges project={project} queueId={queueId} />
    </PanelErrorBoundary>
  );
}

function Judges({ project, queueId }: { project: string; queueId: string }) {
  const titleId = useId();
  const { queue, specs, specList, source } = useQueueJudging(project, queueId);
  const judges = useQueueJudges(project, queueId);
  const newJudge = (
    <Link to={judgeHref(project, queueId, null)} className={buttonClasses("primary", "md")}>
      New judge
    </Link>
  );
  return (
    <div className="space-y-5">
      <JudgesHeader
        project={project}
        queueId={queueId}
        queue={queue.data}
        titleId={titleId}
        title={
          <>
            Judges{queue.data ? ": " : ""}
            {queue.data ? <UntrustedText text={queue.data.name} /> : null}
          </>
        }
        actions={newJudge}
      />
      <QueueLoadErrors queue={queue} specs={specs} />
      {judges.isError ? (
        <ErrorPanel error={judges.error} title="Could not read the judges" onRetry={() => void judges.refetch()} />
      ) : null}
      <JudgeSourceError source={source} />
      {judges.isPending ? <p className="text-sm text-fg-muted">Reading the judges…</p> : null}
      {judges.judges && judges.judges.length === 0 ? (
        <EmptyState
          title="No judge for this queue yet"
          description={
            <>
              <p>
                A judge is a language model with a prompt that answers one of this queue&apos;s questions for every
                call, the way your annotators do; its verdicts are stored beside their answers and compared with them.
              </p>
              <p className="mt-2">
                It runs on the inference service (here, a local simulation: no language model runs, the verdicts are
                deterministic stand-ins).
              </p>
            </>
          }
          action={newJudge}
        />
      ) : null}
      {judges.judges && judges.judges.length > 0 ? (
        <TableFrame>
          <Table caption="The queue's judges" className="min-w-[40rem]">
            <TableHead>
              <HeaderCell>Name</HeaderCell>
              <HeaderCell>Question</HeaderCell>
              <HeaderCell>Model</HeaderCell>
              <HeaderCell>Versions</HeaderCell>
              <HeaderCell>Latest version&apos;s outcomes</HeaderCell>
            </TableHead>
            <tbody>
              {judges.judges.map((judge) => (
                <BodyRow key={judge.id}>
                  <RowHeaderCell>
                    <Link
                      to={judgeHref(project, queueId, judge.id)}
                      className="font-medium text-link underline underline-offset-2"
                    >
                      <UntrustedText text={judge.name} className="wrap-anywhere" />
                    </Link>
                  </RowHeaderCell>
                  <Cell>
                    <UntrustedText
                      text={specList?.find((spec) => spec.ref === judge.specRef)?.label ?? "A question no longer asked"}
                    />
                  </Cell>
                  <Cell>
                    <UntrustedText text={judge.model} className="font-mono text-xs break-all" />
                  </Cell>
                  <Cell>
                    {judge.versionIndex + 1}, latest saved <RelativeTime value={judge.createdAt} />
                  </Cell>
                  <Cell>
                    <OutcomesSummary judge={judge} source={source.data} pending={source.isPending} />
                  </Cell>
                </BodyRow>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      ) : null}
    </div>
  );
}

function OutcomesSummary({
  judge,
  source,
  pending,
}: {
  judge: Judge;
  source: JudgeSource | undefined;
  pending: boolean;
}) {
  if (!source) return <span className="text-fg-muted">{pending ? "Reading…" : "Not known"}</span>;
  const outcomes = source.outcomes.get(versionKey(judge.id, judge.digest));
  let verdicts = 0;
  let failures = 0;
  for (const outcome of outcomes?.values() ?? []) {
    if (outcome.kind === "verdict") verdicts += 1;
    else failures += 1;
  }
  return (
    <span className="tabular-nums">
      {formatCount(verdicts)} verdicts, {formatCount(failures)} failures of {formatCount(source.callIds.length)} calls
    </span>
  );
}
