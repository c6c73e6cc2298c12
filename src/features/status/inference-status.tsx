import { useQuery } from "@tanstack/react-query";
import { inferenceQueries } from "@/api/queries/inference";
import { useApiClients } from "@/connection/api-clients";
import { ErrorPanel } from "@/components/error-panel";
import { StatusBadge } from "@/components/status-badge";
import { StatusPanel } from "./status-panel";

const SHOWN = 8;

/** The inference service answers when it lists the models this key may use. */
export function InferenceStatus() {
  const { inference } = useApiClients();
  const query = useQuery(inferenceQueries.models(inference));
  const models = query.data?.data ?? [];
  return (
    <StatusPanel
      title="Inference"
      address={inference.scope.baseUrl}
      checkedAt={query.dataUpdatedAt}
      fetching={query.isFetching}
      onRefresh={() => void query.refetch()}
    >
      {query.isError ? (
        <ErrorPanel error={query.error} title="Could not list models" onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <div className="space-y-3">
          <StatusBadge tone="success">
            {models.length} {models.length === 1 ? "model" : "models"} available
          </StatusBadge>
          <ul aria-label="Available models" className="grid grid-cols-1 gap-1 text-xs lg:grid-cols-2">
            {models.slice(0, SHOWN).map((model) => (
              <li key={model.id} className="truncate font-mono text-fg">
                {model.id}
              </li>
            ))}
          </ul>
          {models.length > SHOWN ? <p className="text-xs text-fg-muted">and {models.length - SHOWN} more</p> : null}
        </div>
      ) : (
        <p className="text-sm text-fg-muted">Checking…</p>
      )}
    </StatusPanel>
  );
}
