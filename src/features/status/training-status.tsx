import { useQuery } from "@tanstack/react-query";
import { trainingQueries } from "@/api/queries/training";
import { useApiClients } from "@/connection/api-clients";
import { ErrorPanel } from "@/components/error-panel";
import { StatusBadge } from "@/components/status-badge";
import { StatusPanel } from "./status-panel";

/** The training service's own system check, one row per check. */
export function TrainingStatus() {
  const { training } = useApiClients();
  const query = useQuery(trainingQueries.systemCheck(training));
  return (
    <StatusPanel
      title="Training"
      address={training.scope.baseUrl}
      checkedAt={query.dataUpdatedAt}
      fetching={query.isFetching}
      onRefresh={() => void query.refetch()}
    >
      {query.isError ? (
        <ErrorPanel error={query.error} title="System check failed" onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <div className="space-y-3">
          <StatusBadge tone={query.data.ok ? "success" : "warning"}>
            {query.data.ok
              ? "All checks pass"
              : `${query.data.failed.length} of ${query.data.checks.length} checks failing`}
          </StatusBadge>
          <ul aria-label="System checks" className="divide-y divide-line text-sm">
            {query.data.checks.map((check) => (
              <li key={check.name} className="flex items-center justify-between gap-4 py-1.5">
                <span className="font-mono text-xs text-fg">{check.name}</span>
                <span className="flex min-w-0 items-center gap-2">
                  {check.ok ? null : <span className="truncate text-xs text-fg-muted">{check.message}</span>}
                  <StatusBadge tone={check.ok ? "success" : "danger"}>{check.ok ? "OK" : "Failing"}</StatusBadge>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">Checking…</p>
      )}
    </StatusPanel>
  );
}
