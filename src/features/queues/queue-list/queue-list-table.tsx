import { createContext, memo, use, useMemo } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { AnnotationQueue, QueueStats } from "@contract/trace";
import { Button } from "@/components/button";
import { RelativeTime } from "@/components/relative-time";
import { queueHref } from "../shared/links";
import { QueueActions } from "../queue-manage/queue-actions";
import { QueueProgress } from "../shared/queue-progress";
import { clickOpensRow } from "../shared/row-click";
import {
  BodyRow,
  createDataColumnHelper,
  DataTable,
  DataTableCells,
  TableFrame,
  useDataTable,
  type DataRow,
} from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";

type QueueRowData = { queue: AnnotationQueue; stats: QueueStats | undefined };
type ListContext = { project: string; statsFailed: boolean; onRetryStats: () => void };

// What every row's cells share: the project, and whether the totals failed (with the retry).
const ListContextValue = createContext<ListContext>({ project: "", statsFailed: false, onRetryStats: () => {} });

const helper = createDataColumnHelper<QueueRowData>();

const QUEUE_COLUMNS = helper.columns([
  helper.display({
    id: "queue",
    meta: { label: "Queue", cellClassName: "max-w-xl" },
    cell: ({ row: { original: row } }) => <NameCell queue={row.queue} />,
  }),
  helper.display({
    id: "done",
    meta: {
      label: "Done",
      headerClassName: "w-72",
      header: (
        <>
          Done
          {/* What the service counts as done (shared/queue-progress.tsx): more than the items shown as completed. */}
          <span className="block leading-tight font-normal">completed or skipped by anyone</span>
        </>
      ),
    },
    cell: ({ row: { original: row } }) => <DoneCell queue={row.queue} stats={row.stats} />,
  }),
  helper.display({
    id: "created",
    meta: { label: "Created", headerClassName: "w-36", cellClassName: "text-xs text-fg-muted" },
    cell: ({ row: { original: row } }) => <RelativeTime value={row.queue.created_at} />,
  }),
  helper.display({
    id: "actions",
    meta: { label: "Actions", headerClassName: "w-28", header: <span className="sr-only">Actions</span> },
    cell: ({ row: { original: row } }) => <ActionsCell queue={row.queue} />,
  }),
]);

const getRowId = (row: QueueRowData) => row.queue.id;

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
  const rows = useMemo(() => queues.map((queue) => ({ queue, stats: stats?.get(queue.id) })), [queues, stats]);
  const table = useDataTable({ columns: QUEUE_COLUMNS, data: rows, getRowId });
  const statsFailed = !!statsError;
  const context = useMemo(() => ({ project, statsFailed, onRetryStats }), [project, statsFailed, onRetryStats]);
  return (
    <TableFrame>
      <ListContextValue value={context}>
        <DataTable table={table} aria-label="Annotation queues">
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <QueueRow
                key={row.id}
                row={row}
                project={project}
                queue={row.original.queue}
                stats={row.original.stats}
              />
            ))}
          </tbody>
        </DataTable>
      </ListContextValue>
    </TableFrame>
  );
}

const QueueRow = memo(
  function QueueRow({
    row,
    project,
    queue,
  }: {
    row: DataRow<QueueRowData>;
    project: string;
    queue: AnnotationQueue;
    stats: QueueStats | undefined;
  }) {
    const navigate = useNavigate();
    const href = queueHref(project, queue.id);
    return (
      // The name is the row's link for the keyboard and assistive technology; the row takes the mouse too.
      <BodyRow className="cursor-pointer align-top" onClick={(event) => clickOpensRow(event) && navigate(href)}>
        <DataTableCells row={row} />
      </BodyRow>
    );
  },
  (a, b) => a.project === b.project && a.queue === b.queue && a.stats === b.stats,
);

function NameCell({ queue }: { queue: AnnotationQueue }) {
  const { project } = use(ListContextValue);
  return (
    <>
      <Link to={queueHref(project, queue.id)} className="font-medium text-fg hover:text-link hover:underline">
        <UntrustedText text={queue.name} className="break-words" />
      </Link>
      {queue.description ? (
        <p className="mt-0.5 line-clamp-2 text-xs break-words text-fg-muted">
          <UntrustedText text={queue.description} mode="controls" />
        </p>
      ) : null}
    </>
  );
}

function DoneCell({ queue, stats }: { queue: AnnotationQueue; stats: QueueStats | undefined }) {
  const { statsFailed, onRetryStats } = use(ListContextValue);
  if (stats)
    return <QueueProgress done={stats.completed_items} total={stats.total_items} label={`Progress of ${queue.name}`} />;
  if (statsFailed) {
    return (
      <span className="inline-flex items-center gap-2 text-xs text-red-700 dark:text-red-400">
        Totals unavailable
        <Button
          size="sm"
          variant="ghost"
          onClick={onRetryStats}
          aria-label={`Retry loading the totals of ${queue.name}`}
        >
          Retry
        </Button>
      </span>
    );
  }
  return <span className="text-xs text-fg-muted">Counting…</span>;
}

function ActionsCell({ queue }: { queue: AnnotationQueue }) {
  const { project } = use(ListContextValue);
  return (
    <div className="flex justify-end gap-1">
      <QueueActions projectId={project} queue={queue} compact />
    </div>
  );
}
