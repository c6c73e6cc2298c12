import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { checkpointArtifactUrl } from "@contract/training";
import { buttonClasses } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { ErrorPanel } from "@/components/error-panel";
import { MessageIcon, PlusIcon } from "@/components/icons";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { lookupError } from "../jobs/open-job-form";
import { playgroundPathForCheckpoint } from "../playground-link";
import { useRegistry, useRegistryStore } from "../registry/registry-context";
import { modelPath } from "../registry/registry-schema";
import { TrainingPage } from "../training-page";
import { useCheckpointsPage } from "../api/models";
import { CheckpointsPanel } from "./checkpoints-panel";
import { DeleteModelButton } from "./delete-model-dialog";
import { ModelNameForm } from "./model-name-form";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";

/** /training/models/:modelId: a model, its jobs in this browser, its checkpoints. */
export function ModelPage() {
  const { modelId = "" } = useParams();
  return (
    <TrainingPage>
      <ModelView key={modelId} modelId={modelId} />
    </TrainingPage>
  );
}

function ModelView({ modelId }: { modelId: string }) {
  const registry = useRegistry();
  const store = useRegistryStore();
  const model = registry.models.find((m) => m.id === modelId);
  const path = modelPath(model);
  const jobs = registry.jobs.filter((j) => j.model_id === modelId);
  // The service has no "get model": one checkpoint page tells whether the id exists (404 if not).
  const probe = useCheckpointsPage(modelId, { limit: 1, order: "desc" });
  const exists = probe.isSuccess;
  useEffect(() => {
    if (exists) store.upsertModel({ id: modelId });
  }, [exists, modelId, store]);

  if (probe.isError && !model) {
    return (
      <ErrorPanel
        error={probe.error}
        title={lookupError(probe.error, "model", modelId)}
        onRetry={() => void probe.refetch()}
      />
    );
  }
  const label = model?.name ?? modelId;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-lg font-semibold tracking-tight text-fg">{label}</h1>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-fg-muted">
            <div className="flex items-center gap-1">
              <dt>ID</dt>
              <dd className="flex items-center font-mono text-fg">
                {modelId}
                <CopyButton text={modelId} label="Copy model ID" />
              </dd>
            </div>
            {path ? (
              <div className="flex items-center gap-1">
                <dt>Address</dt>
                <dd className="flex items-center font-mono text-fg">
                  {checkpointArtifactUrl(path)}
                  <CopyButton text={checkpointArtifactUrl(path)} label="Copy address of the latest checkpoint" />
                </dd>
              </div>
            ) : null}
            <div className="flex items-center gap-1">
              <dt>Base model</dt>
              <dd className="font-mono text-fg">
                {model?.base_model ? <UntrustedText text={model.base_model} /> : "not known"}
              </dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {path ? (
            <Link to={playgroundPathForCheckpoint(checkpointArtifactUrl(path))} className={buttonClasses("secondary")}>
              <MessageIcon size={14} />
              Chat with latest
            </Link>
          ) : null}
          <Link to={paths.newTrainingJob(modelId)} className={buttonClasses("primary")}>
            <PlusIcon size={14} />
            Start a job
          </Link>
          <DeleteModelButton modelId={modelId} confirmText={model?.name ?? modelId} />
        </div>
      </header>
      {probe.isError ? (
        <ErrorPanel
          error={probe.error}
          title={lookupError(probe.error, "model", modelId)}
          onRetry={() => void probe.refetch()}
        />
      ) : null}
      {!path ? <ModelNameForm modelId={modelId} /> : null}
      {jobs.length > 0 ? (
        <section aria-labelledby="model-jobs-heading">
          <h2 id="model-jobs-heading" className="mb-1.5 text-sm font-semibold text-fg">
            Jobs in this browser
          </h2>
          <ul className="flex flex-wrap gap-2">
            {jobs.map((job) => (
              <li key={job.id}>
                <Link
                  to={paths.trainingJob(job.id)}
                  className="rounded-md border border-line bg-surface px-2 py-1 font-mono text-xs text-link hover:underline"
                >
                  <UntrustedText text={job.id} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PanelErrorBoundary label="Checkpoints">
        <CheckpointsPanel modelId={modelId} modelLabel={label} path={path} />
      </PanelErrorBoundary>
    </div>
  );
}
