import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { inferenceQueries } from "@/api/queries/inference";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { CubeIcon, RefreshIcon } from "@/components/icons";
import { LoadingBar } from "@/components/loading-bar";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Spinner } from "@/components/spinner";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import { useUrlTable } from "@/lib/url-state/use-url-table";
import { useSettings } from "@/connection/settings-context";
import { CatalogError } from "./catalog-error-panel";
import { CatalogTable } from "./catalog-table";
import { CatalogToolbar } from "./catalog-toolbar";
import { CATALOG_URL_CODEC, toggleSort } from "./catalog-url-state";
import { buildCatalogView, countLabel } from "./catalog-view";
import { FactsNote } from "./facts-note";
import { snippetBaseUrl } from "./snippets";
import { paths } from "@/lib/paths";
import { whenIdle } from "@/lib/when-idle";

const COUNT_ID = "catalog-count";

// The details dialog (facts, snippets) loads when a model is first opened: its code is not on the
// way to the catalog's first rows on a cold load.
const loadDetailPanel = () => import("./model-detail-panel");
const ModelDetailPanel = lazy(() => loadDetailPanel().then((m) => ({ default: m.ModelDetailPanel })));

/** /models: every model the inference service lists for this key, to find, compare, copy and try. */
export function ModelCatalogPage() {
  const { inference } = useApiClients();
  const { connection } = useSettings();
  const query = useQuery(inferenceQueries.models(inference));
  const { state, update, issues, dismissIssues } = useUrlTable(CATALOG_URL_CODEC);
  const models = useMemo(() => query.data?.data ?? [], [query.data]);
  const view = useMemo(() => buildCatalogView(models, state), [models, state]);
  const matchingCount = view.providers.reduce((sum, p) => sum + p.count, 0);
  const openModel = state.model ? (models.find((m) => m.id === state.model) ?? null) : null;
  // Its code loads once the rows are in and painted, so a first "Details" rarely waits.
  const loaded = query.data !== undefined;
  useEffect(() => (loaded ? whenIdle(() => void loadDetailPanel()) : undefined), [loaded]);
  // Once opened, the panel stays mounted (closed), so closing it returns the focus as a dialog should.
  const [detailsWanted, setDetailsWanted] = useState(false);
  if (openModel && !detailsWanted) setDetailsWanted(true);

  return (
    <div className="space-y-5">
      <PageHeader
        title="Models"
        description="Every model the inference service lists for your key. Find an ID, copy a working snippet, or try a model in the playground."
        actions={
          <Button
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            icon={<RefreshIcon size={13} />}
          >
            Refresh
          </Button>
        }
      />
      <LoadingBar active={query.isFetching && !query.isPending} label="Refreshing models" />
      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />

      <PanelErrorBoundary label="Model catalog">
        {query.isError && !query.data ? (
          <CatalogError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <p aria-busy="true" className="flex items-center gap-2 py-10 text-sm text-fg-muted">
            <Spinner size={14} />
            Loading models…
          </p>
        ) : models.length === 0 ? (
          <EmptyState
            icon={<CubeIcon size={20} />}
            title="The service lists no models"
            description="The inference service answered with an empty list for this key and project. Check the project in Settings, or ask your W&B admin which models your team can use."
            action={
              <Link to={paths.settings} className="text-sm text-link underline-offset-2 hover:underline">
                Open Settings
              </Link>
            }
          />
        ) : (
          <div className="space-y-3">
            <CatalogToolbar
              q={state.q}
              provider={state.provider}
              providers={view.providers}
              matchingCount={matchingCount}
              countText={countLabel(view.rows.length, view.total)}
              countId={COUNT_ID}
              onSearch={(q) => update({ q }, { typing: "q" })}
              onProvider={(provider) => update({ provider })}
            />
            {view.rows.length > 0 ? (
              <CatalogTable
                rows={view.rows}
                sort={state.sort}
                onSort={(column) => update({ sort: toggleSort(state.sort, column) })}
                showRoot={view.showRoot}
                onOpenDetails={(model) => update({ model })}
              />
            ) : (
              <EmptyState
                title="No models match"
                description={
                  state.q
                    ? `Nothing matches “${state.q}”${state.provider ? " from this provider" : ""}.`
                    : "This provider has no models."
                }
                action={
                  <Button size="sm" onClick={() => update({ q: "", provider: null })}>
                    Clear search and filter
                  </Button>
                }
              />
            )}
            {query.isError ? <CatalogError error={query.error} onRetry={() => void query.refetch()} /> : null}
            <FactsNote />
          </div>
        )}
      </PanelErrorBoundary>

      {detailsWanted ? (
        <Suspense fallback={null}>
          <ModelDetailPanel
            model={openModel}
            baseUrl={snippetBaseUrl(connection.inferenceBaseUrl)}
            project={connection.inferenceProject}
            onClose={() => update({ model: null }, { replace: true })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
