import { useCallback } from "react";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingBar } from "@/components/loading-bar";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Section } from "@/components/section";
import { writeParam } from "@/lib/url-state/params";
import { useUrlTable, type UrlViewCodec } from "@/lib/url-state/use-url-table";
import { DebouncedTextField } from "@/components/debounced-text-field";
import { NoProjectNotice } from "../shared/no-project-notice";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { NewQueueButton } from "../queue-manage/queue-actions";
import { DeletedQueueNotice } from "./deleted-queue-notice";
import { QueueListEmpty } from "./queue-list-empty";
import { QueueListTable } from "./queue-list-table";
import { QUEUE_LIST_LIMIT, QUEUE_SEARCH_PARAM, queueSearchIn } from "./queue-list-request";
import { useQueueList } from "./use-queue-list";

// Where app/routes.tsx finds it: the page's own file, already on its way on a cold load.
export { prefetchQueueList } from "./use-queue-list";

/** The list's one URL parameter: the name searched for. */
const QUEUE_LIST_URL_CODEC: UrlViewCodec<{ name: string }> = {
  params: [QUEUE_SEARCH_PARAM],
  read: (params) => ({ name: queueSearchIn(params) }),
  write: (state, params) => writeParam(params, QUEUE_SEARCH_PARAM, state.name.trim()),
};

/** /queues: the annotation project's queues, searchable by name, each with its progress. */
export function QueueListPage() {
  const project = useAnnotationProject();
  return (
    <div className="space-y-5">
      <PageHeader
        title="Annotation queues"
        description={
          project ? (
            <>
              Queues of <span className="font-mono text-xs text-fg">{project}</span>. Open one to work through its
              items.
            </>
          ) : (
            "Queues of calls for people to review."
          )
        }
        actions={project ? <NewQueueButton projectId={project} /> : undefined}
      />
      <DeletedQueueNotice />
      {project ? (
        <PanelErrorBoundary label="The queue list" resetKeys={[project]}>
          <QueueList project={project} />
        </PanelErrorBoundary>
      ) : (
        <NoProjectNotice />
      )}
    </div>
  );
}

function QueueList({ project }: { project: string }) {
  const { state, update } = useUrlTable(QUEUE_LIST_URL_CODEC);
  const name = state.name;
  const { queues, shown, more, stats } = useQueueList(project, name);
  const setName = useCallback((next: string) => update({ name: next }, { typing: "name" }), [update]);
  const clearName = useCallback(() => update({ name: "" }), [update]);

  return (
    <Section title="Queues" hideTitle>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DebouncedTextField
          label="Search queues by name"
          value={name}
          onCommit={setName}
          placeholder="e.g. refund"
          className="w-72"
        />
        <output className="text-xs text-fg-muted">
          {shown
            ? `${shown.length}${more ? "+" : ""} ${shown.length === 1 ? "queue" : "queues"}${name ? ` matching “${name}”` : ""}`
            : ""}
        </output>
      </div>
      <div className="h-0.5">
        <LoadingBar active={queues.isFetching} label="Loading queues" />
      </div>
      {queues.isError && !shown ? (
        <ErrorPanel
          error={queues.error}
          title={`Could not list the queues of ${project}`}
          onRetry={() => void queues.refetch()}
        />
      ) : !shown ? (
        <p className="py-8 text-center text-sm text-fg-muted">Loading queues…</p>
      ) : shown.length === 0 ? (
        name ? (
          <QueueListEmpty kind="no-match" name={name} action={<Button onClick={clearName}>Clear the search</Button>} />
        ) : (
          <QueueListEmpty kind="no-queues" project={project} />
        )
      ) : (
        <>
          {queues.isError ? (
            <ErrorPanel
              error={queues.error}
              title="Could not refresh the queue list"
              onRetry={() => void queues.refetch()}
            />
          ) : null}
          <QueueListTable
            project={project}
            queues={shown}
            stats={stats.data}
            statsError={stats.isError ? stats.error : null}
            onRetryStats={() => void stats.refetch()}
          />
          {more ? (
            <p className="text-xs text-fg-muted">
              Showing the newest {QUEUE_LIST_LIMIT} queues. Search by name to find others.
            </p>
          ) : null}
        </>
      )}
    </Section>
  );
}
