import { Link } from "react-router-dom";
import { useApiClients } from "@/connection/api-clients";
import { useMutation } from "@tanstack/react-query";
import { Button, buttonClasses } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { EmptyState } from "@/components/empty-state";
import { PlusIcon, TrendingUpIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { useRegistry, useRegistryStore } from "../registry/registry-context";
import { useAddSeededDemo } from "../registry/use-seeded-demo";
import { RegistryTransfer } from "../registry/registry-transfer";
import { SeededDemoStatus } from "../registry/seeded-demo-status";
import { TrainingPage } from "../training-page";
import { JobsTable } from "./jobs-table";
import { OpenJobForm } from "./open-job-form";
import { paths } from "@/lib/paths";

/** /training: every job this browser knows, with its state derived from its events. */
export function JobsPage() {
  return (
    <TrainingPage>
      <PageHeader
        title="Training jobs"
        description="RL and SFT jobs this browser created or opened. Running jobs update live; finished ones are read once."
        actions={
          <Link to={paths.newTrainingJob()} className={buttonClasses("primary")}>
            <PlusIcon size={15} />
            New job
          </Link>
        }
      />
      <PanelErrorBoundary label="Jobs">
        <JobsBody />
      </PanelErrorBoundary>
    </TrainingPage>
  );
}

function JobsBody() {
  const registry = useRegistry();
  const { training } = useApiClients();
  const demo = useAddSeededDemo(useRegistryStore());
  const addDemo = useMutation({ mutationFn: () => demo.addDemo() });
  return (
    <div className="space-y-5">
      <section aria-labelledby="open-job-heading" className="rounded-lg border border-line bg-surface px-4 py-3">
        <h2 id="open-job-heading" className="mb-2 text-sm font-semibold text-fg">
          Open job by ID
        </h2>
        <OpenJobForm />
      </section>
      {registry.jobs.length === 0 ? (
        <EmptyState
          icon={<TrendingUpIcon size={22} />}
          title="No jobs in this browser yet"
          description={
            <>
              <p>
                The training service cannot list jobs (it has no such endpoint), so this page shows the jobs this
                browser created or opened. Start one with <strong className="font-medium text-fg">New job</strong>, or
                paste a job's ID into <strong className="font-medium text-fg">Open job by ID</strong> above.
              </p>
              {demo.local ? (
                <p className="mt-2">
                  On the local services, the seeded demo models and jobs join this list the first time a training page
                  opens; if you removed them, add them again here.
                </p>
              ) : null}
              <SeededDemoStatus />
              {addDemo.isError ? (
                <ErrorPanel
                  error={addDemo.error}
                  title="Could not read the demo models and jobs"
                  onRetry={() => addDemo.mutate()}
                />
              ) : null}
            </>
          }
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {demo.local ? (
                <Button loading={addDemo.isPending} onClick={() => addDemo.mutate()}>
                  Add the demo models and jobs
                </Button>
              ) : null}
              <Link to={paths.newTrainingJob()} className={buttonClasses("secondary")}>
                Create a job
              </Link>
            </div>
          }
        />
      ) : (
        // Rows keep per-job state: another service or account gets fresh rows.
        <JobsTable key={`${training.scope.baseUrl}|${training.scope.keyFingerprint}`} registry={registry} />
      )}
      <RegistryTransfer />
    </div>
  );
}
