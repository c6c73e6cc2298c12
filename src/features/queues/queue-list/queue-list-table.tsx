import { memo } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { AnnotationQueue, QueueStats } from "@contract/trace";
import { Button } from "@/components/button";
import { RelativeTime } from "@/components/relative-time";
import { queueHref } from "../shared/links";
import { QueueActions } from "../queue-manage/queue-actions";
import { QueueProgress } from "../shared/queue-progress";
import { clickOpensRow } from "../shared/row-click";
import { BodyRow, Cell, HeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";

/** The queues as a table: name and description, progress, creation time. The name's link, or a click anywhere on the row, opens the queue. */
export function QueueListTable({
  project,
  queues,
  stats,
  statsError,
  onRetryStats,
}: {
  project: string;
  queues: readonly AnnotationQueue[];
  stats: Map<string, QueueStats> | undefined;
  statsError: unknown;
  onRetryStats: () => void;
}) {
  return (
    <TableFrame>
      <Table aria-label="Annotation queues">
        <TableHead>
          <HeaderCell>Queue</HeaderCell>
          <HeaderCell className="w-72">
            Done
            {/* What the service counts as done (shared/queue-progress.tsx): more than the items shown as completed. */}
            <span className="block leading-tight font-normal">completed or skipped by anyone</span>
          </HeaderCell>
          <HeaderCell className="w-36">Created</HeaderCell>
          <HeaderCell className="w-28">
            <span className="sr-only">Actions</span>
          </HeaderCell>
        </TableHead>
        <tbody>
          {queues.map((queue) => (
            <QueueRow key={queue.id} project={project} queue={queue} stats={stats?.get(queue.id)} statsFailed={!!statsError} onRetryStats={onRetryStats} />
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}

const QueueRow = memo(function QueueRow({
  project,
  queue,
  stats,
  statsFailed,
  onRetryStats,
}: {
  project: string;
  queue: AnnotationQueue;
  stats: QueueStats | undefined;
  statsFailed: boolean;
  onRetryStats: () => void;
}) {
  const navigate = useNavigate();
  const href = queueHref(project, queue.id);
  return (
    // The name is the row's link for the keyboard and assistive technology; the row takes the mouse too.
    <BodyRow className="cursor-pointer align-top" onClick={(event) => clickOpensRow(event) && navigate(href)}>
      <Cell className="max-w-xl">
        <Link to={href} className="font-medium text-fg hover:text-link hover:underline">
          <UntrustedText text={queue.name} className="break-words" />
        </Link>
        {queue.description ? (
          <p className="mt-0.5 line-clamp-2 text-xs break-words text-fg-muted">
            <UntrustedText text={queue.description} mode="controls" />
          </p>
        ) : null}
      </Cell>
      <Cell>
        {stats ? (
          <QueueProgress done={stats.completed_items} total={stats.total_items} label={`Progress of ${queue.name}`} />
        ) : statsFailed ? (
          <span className="inline-flex items-center gap-2 text-xs text-red-700 dark:text-red-400">
            Totals unavailable
            <Button size="sm" variant="ghost" onClick={onRetryStats} aria-label={`Retry loading the totals of ${queue.name}`}>
              Retry
            </Button>
          </span>
        ) : (
          <span className="text-xs text-fg-muted">Counting…</span>
        )}
      </Cell>
      <Cell className="text-xs text-fg-muted">
        <RelativeTime value={queue.created_at} />
      </Cell>
      <Cell>
        <div className="flex justify-end gap-1">
          <QueueActions projectId={project} queue={queue} compact />
        </div>
      </Cell>
    </BodyRow>
  );
});
