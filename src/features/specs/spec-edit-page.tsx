import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { isApiError } from "@/api/errors";
import type { SpecObject } from "@/api/spec-objects";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { RelativeTime } from "@/components/relative-time";
import { UntrustedText } from "@/components/untrusted-text";
import { useApiClients } from "@/connection/api-clients";
import { specObjectQueries } from "./api/spec-objects";
import { SpecEditor } from "./spec-editor";
import { NoProjectNotice, useAnnotationProject } from "@/features/queues";
import { specPaths } from "./spec-paths";
import type { SavedNotice } from "./specs-page";

const TRAIL = [{ label: "Annotation specs", to: specPaths.list }];

/** After a save the list opens with a confirmation of the version made. */
function useBackToList() {
  const navigate = useNavigate();
  return {
    /** `basedOn`: the version an edit started from; the same digest back means the service made no new version. */
    saved: (spec: SpecObject, basedOn: SpecObject | null) => {
      const outcome = !basedOn
        ? "created"
        : basedOn.digest === spec.digest
          ? "unchanged"
          : spec.isLatest
            ? "saved"
            : "older";
      const state: SavedNotice = {
        savedSpec: { label: spec.name || spec.objectId, version: spec.versionIndex + 1, outcome },
      };
      void navigate(specPaths.list, { state });
    },
    cancel: () => void navigate(specPaths.list),
  };
}

/** /specs/new: a new spec. */
export function NewSpecPage() {
  const project = useAnnotationProject();
  const back = useBackToList();
  return (
    <div className="space-y-5">
      <Breadcrumbs trail={TRAIL} />
      <PageHeader
        title="New annotation spec"
        description="One question annotators answer about a call. Queues ask it once it is listed among their questions."
      />
      {project ? (
        <PanelErrorBoundary label="The spec editor" resetKeys={[project]}>
          <SpecEditor projectId={project} onSaved={(_ref, saved) => back.saved(saved, null)} onCancel={back.cancel} />
        </PanelErrorBoundary>
      ) : (
        <NoProjectNotice />
      )}
    </div>
  );
}

/** /specs/:specId/edit: the next version of a spec, starting from its latest. */
export function EditSpecPage() {
  const project = useAnnotationProject();
  const { specId = "" } = useParams();
  return (
    <div className="space-y-5">
      <Breadcrumbs trail={TRAIL} />
      {project ? (
        <PanelErrorBoundary label="The spec editor" resetKeys={[project, specId]}>
          <EditSpec project={project} objectId={specId} />
        </PanelErrorBoundary>
      ) : (
        <>
          <PageHeader title="Edit annotation spec" />
          <NoProjectNotice />
        </>
      )}
    </div>
  );
}

function EditSpec({ project, objectId }: { project: string; objectId: string }) {
  const { trace } = useApiClients();
  const back = useBackToList();
  // Read once per visit: a newer version saved elsewhere meanwhile must not replace what is being typed.
  const spec = useQuery({
    ...specObjectQueries.latest(trace, project, objectId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  // The version the visit opened: a save refetches the latest, which must not pass for where the edit began.
  const [opened, setOpened] = useState<SpecObject | null>(null);
  if (spec.data && opened === null) setOpened(spec.data);
  if (spec.isPending) {
    return (
      <>
        <PageHeader title="Edit annotation spec" />
        <p className="py-8 text-center text-sm text-fg-muted">Loading the spec…</p>
      </>
    );
  }
  if (spec.isError) {
    return (
      <>
        <PageHeader title="Edit annotation spec" />
        {isApiError(spec.error) && spec.error.kind === "not_found" ? (
          <EmptyState
            title="No such spec"
            description={
              <>
                {project} has no spec with the id “<UntrustedText text={objectId} />” (it may have been deleted).
              </>
            }
            action={
              <Link to={specPaths.list} className="text-sm font-medium text-link underline underline-offset-2">
                Back to the specs
              </Link>
            }
          />
        ) : (
          <ErrorPanel error={spec.error} title="Could not read the spec" onRetry={() => void spec.refetch()} />
        )}
      </>
    );
  }
  const latest = spec.data;
  return (
    <>
      <PageHeader
        title={`Edit “${latest.name || latest.objectId}”`}
        description={
          <>
            Version {latest.versionIndex + 1}, made <RelativeTime value={latest.createdAt} />. Saving makes version{" "}
            {latest.versionIndex + 2}.
          </>
        }
      />
      {latest.problem ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          The stored value is not a usable spec: saving replaces it with what the form holds.
        </p>
      ) : null}
      <SpecEditor
        // By id, not digest: the refetch after a save must not remount the editor and drop what it says.
        key={latest.objectId}
        projectId={project}
        initial={latest}
        onSaved={(_ref, saved) => back.saved(saved, opened ?? latest)}
        onCancel={back.cancel}
      />
    </>
  );
}
