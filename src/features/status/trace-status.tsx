import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { traceQueries } from "@/api/queries/trace";
import { useApiClients } from "@/connection/api-clients";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { StatusBadge } from "@/components/status-badge";
import { useSettings } from "@/connection/settings-context";
import { StatusPanel } from "./status-panel";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";

const QUEUE_LIMIT = 50;

/** The annotation queue service answers when it lists the chosen project's queues. */
export function TraceStatus() {
  const { trace } = useApiClients();
  const { connection } = useSettings();
  const project = connection.annotationProject;
  const query = useQuery({
    ...traceQueries.queues(trace, { project_id: project, limit: QUEUE_LIMIT }),
    enabled: project !== "",
  });
  const queues = query.data ?? [];
  return (
    <StatusPanel
      title="Annotation queues"
      address={trace.scope.baseUrl}
      checkedAt={query.dataUpdatedAt}
      fetching={query.isFetching}
      onRefresh={() => void query.refetch()}
    >
      {!project ? (
        <EmptyState
          title="No annotation project chosen"
          description="Choose the entity/project whose queues to check."
          action={
            <Link to={paths.settings} className="text-sm font-medium text-link underline underline-offset-2">
              Open settings
            </Link>
          }
        />
      ) : query.isError ? (
        <ErrorPanel
          error={query.error}
          title={`Could not list the queues of ${project}`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <div className="space-y-3">
          <StatusBadge tone="success">
            {queues.length === QUEUE_LIMIT
              ? `${QUEUE_LIMIT}+ queues`
              : `${queues.length} ${queues.length === 1 ? "queue" : "queues"}`}{" "}
            in {project}
          </StatusBadge>
          {queues.length > 0 ? (
            <ul aria-label="Annotation queues" className="space-y-1 text-sm">
              {queues.slice(0, 8).map((queue) => (
                <li key={queue.id} className="truncate text-fg">
                  <UntrustedText text={queue.name} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-fg-muted">Checking…</p>
      )}
    </StatusPanel>
  );
}
