import { ErrorPanel } from "@/components/error-panel";
import { Spinner } from "@/components/spinner";
import { useSeededDemoState } from "./registry-context";

/**
 * For an empty jobs or models list on the local services: the seeded demo is on its way, or the
 * training service could not be read for it (with Retry). Nothing otherwise. Before, a service
 * that was down left only "No jobs in this browser yet", as if there were nothing to show.
 */
export function SeededDemoStatus() {
  const demo = useSeededDemoState();
  if (demo.status === "adding") {
    return (
      <output className="mt-2 inline-flex items-center gap-2">
        <Spinner size={14} />
        Adding the local services' demo models and jobs…
      </output>
    );
  }
  if (demo.status === "failed") {
    return (
      <ErrorPanel
        className="mt-3 text-left"
        error={demo.error}
        title="Could not read the demo models and jobs"
        onRetry={demo.retry}
      />
    );
  }
  return null;
}
