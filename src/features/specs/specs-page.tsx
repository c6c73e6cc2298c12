import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button } from "@/components/button";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { PlusIcon } from "@/components/icons";
import { LoadingBar } from "@/components/loading-bar";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Section } from "@/components/section";
import { readText, writeParam } from "@/lib/url-state/params";
import { formatSortParam, parseSortParam, type SortKey } from "@/lib/url-state/sort-param";
import { useUrlTable, type UrlViewCodec } from "@/lib/url-state/use-url-table";
import { useApiClients } from "@/connection/api-clients";
import { DebouncedTextField } from "@/components/debounced-text-field";
import { NoProjectNotice, useAnnotationProject } from "@/features/queues";
import { specObjectQueries } from "./api/spec-objects";
import { specPaths } from "./spec-paths";
import { nextDirection, sortSpecs, SPEC_SORT_FIELDS, SpecsTable, type SpecSortField } from "./specs-table";

type ListView = { name: string; sort: SortKey<SpecSortField> };
const DEFAULT_SORT: SortKey<SpecSortField> = { field: "name", direction: "asc" };
/** Rows drawn at first and per "Show more": a project with a thousand specs still sorts and searches at once. */
export const SPECS_SHOWN_STEP = 200;

const SPECS_URL_CODEC: UrlViewCodec<ListView> = {
  params: ["q", "sort"],
  read: (params, issues) => ({
    name: readText(params, "q"),
    sort: parseSortParam(params.get("sort"), SPEC_SORT_FIELDS, { param: "sort", issues })[0] ?? DEFAULT_SORT,
  }),
  write: (state, params) => {
    writeParam(params, "q", state.name.trim());
    writeParam(params, "sort", formatSortParam([state.sort]), formatSortParam([DEFAULT_SORT]));
  },
};

/** What the editor leaves in the history entry after a save, for the list to confirm it. */
export type SavedNotice = {
  savedSpec: { label: string; version: number; outcome: "created" | "saved" | "unchanged" | "older" };
};

function savedText({ label, version, outcome }: SavedNotice["savedSpec"]): string {
  switch (outcome) {
    case "created":
      return `Created “${label}” as version ${version}.`;
    case "saved":
      return `Saved “${label}” as version ${version}.`;
    case "unchanged":
      return `Nothing changed: “${label}” stays at version ${version}.`;
    case "older":
      // The service keeps one version per content: saving an earlier version's values again stores nothing new.
      return `Nothing new was stored: what you saved equals version ${version} of “${label}”, and the service keeps the newest version as the latest. Change something to make a new version.`;
  }
}

const newSpecLink = (
  <Link to={specPaths.create} className={buttonClasses("primary", "md")}>
    <PlusIcon size={14} /> New spec
  </Link>
);

/** /specs: the project's human-annotation specs (the questions queues ask), searchable and sortable. */
export function SpecsPage() {
  const project = useAnnotationProject();
  return (
    <div className="space-y-5">
      <PageHeader
        title="Annotation specs"
        description={
          project ? (
            <>
              The questions annotators answer in <span className="font-mono text-xs text-fg">{project}</span>. Queues
              ask them; each save is a new version.
            </>
          ) : (
            "The questions annotators answer."
          )
        }
        actions={project ? newSpecLink : undefined}
      />
      {project ? (
        <PanelErrorBoundary label="The spec list" resetKeys={[project]}>
          <SpecList project={project} />
        </PanelErrorBoundary>
      ) : (
        <NoProjectNotice />
      )}
    </div>
  );
}

function SpecList({ project }: { project: string }) {
  const { trace } = useApiClients();
  const location = useLocation();
  const navigate = useNavigate();
  const [saved] = useState(() => (location.state as Partial<SavedNotice> | null)?.savedSpec);
  // The confirmation is shown once: a reload of the list later does not repeat it.
  useEffect(() => {
    if (location.state)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);
  const { state, update } = useUrlTable(SPECS_URL_CODEC);
  const specs = useQuery({ ...specObjectQueries.list(trace, project), placeholderData: keepPreviousData });
  const needle = state.name.toLowerCase();
  const shown = useMemo(() => {
    if (!specs.data) return undefined;
    const matching = needle
      ? specs.data.filter(
          (spec) => spec.name.toLowerCase().includes(needle) || spec.objectId.toLowerCase().includes(needle),
        )
      : specs.data;
    return sortSpecs(matching, state.sort);
  }, [specs.data, needle, state.sort]);
  const [limit, setLimit] = useState(SPECS_SHOWN_STEP);
  const drawn = useMemo(() => shown?.slice(0, limit), [shown, limit]);
  const setName = useCallback((name: string) => update({ name }, { typing: "name" }), [update]);
  const sortBy = useCallback(
    (field: SpecSortField) => update((current) => ({ sort: { field, direction: nextDirection(current.sort, field) } })),
    [update],
  );

  return (
    <Section title="Specs" hideTitle>
      {saved ? (
        <output className="block rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-fg dark:border-green-500/40 dark:bg-green-500/10">
          {savedText(saved)}
        </output>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DebouncedTextField
          label="Search specs by name"
          value={state.name}
          onCommit={setName}
          placeholder="e.g. tone"
          className="w-72"
        />
        <output className="text-xs text-fg-muted">
          {shown
            ? `${shown.length} ${shown.length === 1 ? "spec" : "specs"}${state.name ? ` matching “${state.name}”` : ""}`
            : ""}
        </output>
      </div>
      <div className="h-0.5">
        <LoadingBar active={specs.isFetching} label="Loading specs" />
      </div>
      {specs.isError && !shown ? (
        <ErrorPanel
          error={specs.error}
          title={`Could not list the specs of ${project}`}
          onRetry={() => void specs.refetch()}
        />
      ) : !shown ? (
        <p className="py-8 text-center text-sm text-fg-muted">Loading specs…</p>
      ) : shown.length === 0 ? (
        state.name && specs.data!.length > 0 ? (
          <EmptyState
            title={`No spec name contains “${state.name}”`}
            description="The search ignores case and matches the question or its id."
          />
        ) : (
          <EmptyState
            title={`${project} has no annotation specs yet`}
            description={
              <>
                A spec is one question annotators answer about a call: a rating, a choice of categories, yes/no, a
                number or text. Queues list the specs they ask, and each answer is recorded as feedback on the call
                under the spec&apos;s id.
              </>
            }
            action={newSpecLink}
          />
        )
      ) : (
        <>
          {specs.isError ? (
            <ErrorPanel
              error={specs.error}
              title="Could not refresh the spec list"
              onRetry={() => void specs.refetch()}
            />
          ) : null}
          <SpecsTable specs={drawn ?? []} sort={state.sort} onSort={sortBy} />
          {shown.length > limit ? (
            <div className="flex flex-wrap items-center gap-3 text-xs text-fg-muted">
              <span>
                Showing the first {limit} of {shown.length}. Search by name to find others.
              </span>
              <Button size="sm" onClick={() => setLimit((current) => current + SPECS_SHOWN_STEP)}>
                Show {Math.min(SPECS_SHOWN_STEP, shown.length - limit)} more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}
