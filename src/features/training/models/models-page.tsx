import { useLocation } from "react-router-dom";
import { EmptyState } from "@/components/empty-state";
import { CubeIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { useRegistry } from "../registry/registry-context";
import { RegistryTransfer } from "../registry/registry-transfer";
import { TrainingPage } from "../training-page";
import { AddModelForm } from "./add-model-form";
import { CreateModelForm } from "./create-model-form";
import { ModelsTable } from "./models-table";
import { SeededDemoStatus } from "../registry/seeded-demo-status";

/** What a page that sent the user here wants said (e.g. what deleting a model removed). */
export type ModelsPageNotice = { notice?: string };

/** /training/models: the models this browser knows; create one or add one by id. */
export function ModelsPage() {
  const location = useLocation();
  const notice = (location.state as ModelsPageNotice | null)?.notice;
  return (
    <TrainingPage>
      <PageHeader
        title="Training models"
        description="Trainable models and their checkpoints. The service cannot list models, so this page shows those this browser created or added."
      />
      {notice ? (
        <output className="block rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg">{notice}</output>
      ) : null}
      <PanelErrorBoundary label="Models">
        <ModelsBody />
      </PanelErrorBoundary>
    </TrainingPage>
  );
}

function ModelsBody() {
  const registry = useRegistry();
  return (
    <div className="space-y-5">
      {registry.models.length === 0 ? (
        <EmptyState
          icon={<CubeIcon size={22} />}
          title="No models in this browser yet"
          description={
            <>
              <p>Create a model below, or add one made elsewhere by its ID.</p>
              <SeededDemoStatus />
            </>
          }
        />
      ) : (
        <ModelsTable models={registry.models} />
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="rounded-lg border border-line bg-surface p-4">
          <CreateModelForm />
        </div>
        <div className="rounded-lg border border-line bg-surface p-4">
          <AddModelForm />
        </div>
      </div>
      <RegistryTransfer />
    </div>
  );
}
