import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { InferenceStatus } from "./inference-status";
import { TraceStatus } from "./trace-status";
import { TrainingStatus } from "./training-status";

/** /status: each service checked with the saved settings, each panel failing on its own. */
export function ServiceStatusPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Service status"
        description="Live answers from each service, using the saved key and addresses."
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <PanelErrorBoundary label="Training status">
          <TrainingStatus />
        </PanelErrorBoundary>
        <PanelErrorBoundary label="Inference status">
          <InferenceStatus />
        </PanelErrorBoundary>
        <PanelErrorBoundary label="Annotation queue status">
          <TraceStatus />
        </PanelErrorBoundary>
      </div>
    </div>
  );
}
