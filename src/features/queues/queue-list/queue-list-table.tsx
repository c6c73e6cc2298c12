import { memo } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { AnnotationQueue, QueueStats } from "../../../../contract/trace";
import { Button } from "../../../components/button";
import { RelativeTime } from "../../../components/relative-time";
import { queueHref } from "../shared/links";
import { QueueProgress } from "../shared/queue-progress";
import { clickOpensRow } from "../shared/row-click";
import { UntrustedText } from "../../../components/untrusted-text";

/** The queues as a table: name and description, progress, creation time. The name's link, or a click anywhere on the row, opens the queue. */
export function QueueListTable({
  queues,
  stats,
  statsError,
  onRetryStats,
}: {
  queues: readonly AnnotationQueue[];
  stats: Map<string, QueueStats> | undefined;
  statsError: unknown;
  onRetryStats: () => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table aria-label="Annotation queues" className="w-full text-sm">
        <thead className="border-b border-line bg-subtle/60 text-left text-xs font-medium text-fg-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Queue
            </th>
            <th scope="col" className="w-72 px-4 py-2 font-medium">
              Progress
            </th>
            <th scope="col" className="w-36 px-4 py-2 font-medium">
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {queues.map((queue) => (
            <QueueRow key={queue.id} queue={queue} stats={stats?.get(queue.id)} statsFailed={!!statsError} onRetryStats={onRetryStats} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const QueueRow = memo(function QueueRow({
  queue,
  stats,
  statsFailed,
  onRetryStats,
}: {
  queue: AnnotationQueue;
  stats: QueueStats | undefined;
  statsFailed: boolean;
  onRetryStats: () => void;
}) {
  const navigate = useNavigate();
  const href = queueHref(queue.id);
  return (
    // The name is the row's link for the keyboard and assistive technology; the row takes the mouse too.
    <tr className="cursor-pointer align-top hover:bg-subtle/50" onClick={(event) => clickOpensRow(event) && navigate(href)}>
      <td className="max-w-xl px-4 py-3">
        <Link to={href} className="font-medium text-fg hover:text-link hover:underline">
          <UntrustedText text={queue.name} className="break-words" />
        </Link>
        {queue.description ? (
          <p className="mt-0.5 line-clamp-2 text-xs break-words text-fg-muted">
            <UntrustedText text={queue.description} mode="controls" />
          </p>
        ) : null}
      </td>
      <td className="px-4 py-3">
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
      </td>
      <td className="px-4 py-3 text-xs text-fg-muted">
        <RelativeTime value={queue.created_at} />
      </td>
    </tr>
  );
});
