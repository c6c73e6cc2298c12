import { Link } from "react-router-dom";
import { useApiClients } from "@/settings/api-clients";
import { useLocalServices } from "@/settings/use-local-services";
import { buttonClasses } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { PlusIcon, TrendingUpIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { useRegistry } from "../registry/registry-context";
import { RegistryTransfer } from "../registry/registry-transfer";
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
  const local = useLocalServices();
  const { training } = useApiClients();
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
                The training service cannot list jobs (it has no such endpoint), so this page shows the jobs this browser created or opened.
                Start one with <strong className="font-medium text-fg">New job</strong>, or paste a job's ID into{" "}
                <strong className="font-medium text-fg">Open job by ID</strong> above.
              </p>
              {local ? <p className="mt-2">The local services' seeded demo jobs are listed in server/seed/training-seed.ts.</p> : null}
            </>
          }
          action={
            <Link to={paths.newTrainingJob()} className={buttonClasses("secondary")}>
              Create a job
            </Link>
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
