import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorPanel } from "@/components/error-panel";
import { Section } from "@/components/section";
import { firstFieldMessages } from "@/components/form-errors";
import { serverTrajectoryMessage, useRegistryStore, withPeopleNumbering, type JobOrigin } from "@/features/training";
import { countOf } from "@/lib/number-format";
import { useApiClients } from "@/connection/api-clients";
import { MAX_JOB_BYTES, startQueueJob, type StartProgress } from "./start-job";
import type { TrainChoices } from "./train-url-state";
import type { Selection } from "./trajectories/build-groups";
import { useRequestSize } from "./use-request-size";

const FIELDS = ["model_id", "project", "name", "base_model", "trajectory_groups"];

const mib = (bytes: number) => `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MiB`;

function progressText(progress: StartProgress): string {
  switch (progress.step) {
    case "model":
      return "Creating the model…";
    case "measure":
      return `Preparing ${countOf(progress.groups, "group")}…`;
    case "send":
      return `Sending ${countOf(progress.groups, "group")} (${(progress.bytes / 1024 / 1024).toFixed(1)} MiB) to the training service…`;
  }
}

/** What is missing before anything can be sent, or null. */
function missing(choices: TrainChoices, selection: Selection | null, origin: JobOrigin | null): string | null {
  if (!selection || !origin) return "Wait for the trajectory groups to be built.";
  if (selection.groups.length === 0)
    return "There are no groups to train on: count more items, keep groups of one, or choose another grouping.";
  if (choices.model.kind === "existing" && !choices.model.id) return "Choose the model to train, or create a new one.";
  if (choices.model.kind === "new" && (!choices.model.project.trim() || !choices.model.name.trim()))
    return "Give the new model a project and a name.";
  return null;
}

/**
 * Start: creates the model when a new one was chosen, sends the job and opens its page. A refused
 * job shows the service's reason here; the choices are in the URL, so nothing is lost.
 */
export function StartPanel({
  choices,
  selection,
  origin,
  error,
  onError,
  onModelCreated,
  onStarted,
  risk = null,
}: {
  choices: TrainChoices;
  selection: Selection | null;
  origin: JobOrigin | null;
  error: unknown;
  onError: (error: unknown) => void;
  onModelCreated: (modelId: string) => void;
  onStarted: (jobId: string) => void;
  /** Why these rewards may be wrong (a judge that disagrees with the team): Start asks before sending. */
  risk?: string | null;
}) {
  const { training } = useApiClients();
  const registry = useRegistryStore();
  const [progress, setProgress] = useState<StartProgress | null>(null);
  // After a Start that could not go, what is missing now: the sentence follows the choices and
  // goes away once nothing is (a message kept from the click outlived the choice that fixed it).
  const [triedEarly, setTriedEarly] = useState(false);
  const notReady = triedEarly ? missing(choices, selection, origin) : null;
  // Once ready, forgotten: a later rebuild's "wait" is not shown to someone who did not press Start.
  if (triedEarly && notReady === null) setTriedEarly(false);
  const fieldMessages = firstFieldMessages(error, FIELDS);
  const groupsMessage = serverTrajectoryMessage(error);
  if (groupsMessage) fieldMessages.trajectory_groups = groupsMessage;
  const requestBytes = useRequestSize(selection);
  const [confirming, setConfirming] = useState(false);

  const start = async (confirmed = false) => {
    const problem = missing(choices, selection, origin);
    setTriedEarly(problem !== null);
    if (problem || !selection || !origin) return;
    if (risk && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onError(null);
    try {
      const jobId = await startQueueJob({
        training,
        registry,
        model: choices.model,
        groups: selection.groups,
        origin,
        onProgress: setProgress,
        onModelCreated,
      });
      onStarted(jobId);
    } catch (failure) {
      onError(failure);
    } finally {
      setProgress(null);
    }
  };

  // A message about the groups names its place itself ("Group 3, trajectory 2: …").
  const fieldText = Object.entries(fieldMessages)
    .map(([field, message]) => (field === "trajectory_groups" && groupsMessage ? message : `${field}: ${message}`))
    .join("; ");
  return (
    <Section title="Start">
      <p className="text-sm text-fg-muted">
        {selection
          ? `${countOf(selection.groups.length, "group")}, ${countOf(
              selection.groups.reduce((n, g) => n + g.trajectories.length, 0),
              "trajectory",
              "trajectories",
            )}: one gradient step per group.`
          : "The groups are being built."}
      </p>
      {requestBytes !== null ? (
        requestBytes > MAX_JOB_BYTES ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400">
            The request would be about {mib(requestBytes)}, more than the {MAX_JOB_BYTES / 1024 / 1024} MiB the training
            service takes in one job: count fewer items or leave out groups of one.
          </p>
        ) : (
          <p className="text-xs text-fg-muted">
            Request about {mib(requestBytes)} of the {MAX_JOB_BYTES / 1024 / 1024} MiB the training service takes in one
            job.
          </p>
        )
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" loading={progress !== null} onClick={() => void start()}>
          Start RL job
        </Button>
        <output aria-live="polite" className="text-sm text-fg">
          {progress ? progressText(progress) : null}
        </output>
      </div>
      {notReady ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{notReady}</p> : null}
      {error ? (
        <ErrorPanel
          error={withPeopleNumbering(error)}
          title={`The job was not created${fieldText ? ` (${fieldText})` : ""}: your choices are kept`}
          onRetry={() => void start(true)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming && risk !== null}
        title="Train on this judge's rewards?"
        description={risk}
        confirmLabel="Start anyway"
        destructive={false}
        onConfirm={() => void start(true)}
        onCancel={() => setConfirming(false)}
      />
    </Section>
  );
}
