import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { AnnotationState } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { buttonClasses } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { UntrustedText } from "@/components/untrusted-text";
import { UrlIssuesNotice } from "@/components/url-issues-notice";
import {
  NoProjectNotice,
  QueueGone,
  QueueLoadErrors,
  QueueReadStatus,
  queueIsGone,
  useAnnotationProject,
  useQueue,
  useQueueTotals,
} from "@/features/queues";
import { TrainingRegistryProvider } from "@/features/training";
import { paths } from "@/lib/paths";
import { useApiClients } from "@/connection/api-clients";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { DownloadsSection } from "./downloads-section";
import { JudgeSourceFields, versionLabel } from "./judge-source-fields";
import { GroupingSection, ItemsSection } from "./items-grouping-section";
import { ModelSection } from "./model-section";
import { PathsSection } from "./paths-section";
import { RewardSection } from "./reward-section";
import { SamplesSection } from "./samples-section";
import { SelectionSummary, SelectionTables } from "./selection-preview";
import { StartPanel } from "./start-panel";
import type { JudgeChoice, TrainChoices } from "./train-url-state";
import type { SelectionInput } from "./trajectories/build-groups";
import { defaultMapping, mappingForSpec } from "./trajectories/reward-mapping";
import { useJudgeAgreement } from "./use-judge-agreement";
import { useJudgeReward } from "./use-judge-reward";
import { opChoiceName, useOpPaths } from "./use-op-paths";
import { useSelection } from "./use-selection";
import { useTrainChoices } from "./use-train-choices";
import { useTrainingSource } from "./use-training-source";

/** /queues/:queueId/train: an RL job (or downloads) from the answers of a queue. */
export function TrainPage() {
  const project = useAnnotationProject();
  const { queueId = "" } = useParams();
  if (!project) return <NoProjectNotice pageTitle="Train from a queue" />;
  return (
    <PanelErrorBoundary label="Train from this queue" resetKeys={[project, queueId]}>
      <TrainingRegistryProvider>
        <TrainFromQueue project={project} queueId={queueId} />
      </TrainingRegistryProvider>
    </PanelErrorBoundary>
  );
}

const NO_REFS: readonly string[] = [];
const NO_SPECS: readonly QueueSpec[] = [];
// Calls no one answered are mostly in items not yet completed: a judge's rewards need them counted.
const JUDGE_STATES: TrainChoices["states"] = ["unstarted", "in_progress", "completed"];
const sameStates = (a: readonly string[], b: readonly string[]) => a.join(",") === b.join(",");

function TrainFromQueue({ project, queueId }: { project: string; queueId: string }) {
  const { trace } = useApiClients();
  const navigate = useNavigate();
  const queue = useQueue(project, queueId);
  const totals = useQueueTotals(project, queueId);
  const refs = queue.data?.scorer_refs ?? NO_REFS;
  const specs = useQuery({ ...traceQueries.queueSpecs(trace, refs), enabled: queue.isSuccess && refs.length > 0 });
  const specList = !queue.isSuccess ? undefined : refs.length === 0 ? NO_SPECS : specs.data?.specs;
  const specOptions = useMemo(
    () => (specList ?? []).map((spec) => ({ spec, usable: defaultMapping(spec) !== null })),
    [specList],
  );
  // Only the questions that can be a reward are read (free-text answers are of no use here).
  const rewardSpecs = useMemo(() => specList?.filter((spec) => defaultMapping(spec) !== null), [specList]);
  const source = useTrainingSource(project, queueId, rewardSpecs);
  const { choices, update, issues, reportIssue, dismissIssues } = useTrainChoices();
  const [startError, setStartError] = useState<unknown>(null);

  const spec =
    specOptions.find((o) => o.usable && o.spec.id === choices.spec)?.spec ??
    specOptions.find((o) => o.usable)?.spec ??
    null;
  const mapping = useMemo(() => (spec ? mappingForSpec(spec, choices.mapping) : null), [spec, choices.mapping]);
  const loaded = source.query.data;
  const dropJudge = useCallback(
    (issue: UrlIssue, replacement: JudgeChoice | null) => {
      reportIssue(issue);
      update({ judge: replacement });
    },
    [reportIssue, update],
  );
  const judge = useJudgeReward({
    projectId: project,
    queueId,
    spec,
    choice: choices.judge,
    outcomes: loaded?.outcomes,
    onDropped: dropJudge,
  });
  const agreement = useJudgeAgreement(spec, loaded, judge.version);
  // Start asks before training on a judge the team does not back, or one not yet measured.
  const judgeRisk = !choices.judge
    ? null
    : agreement?.status === "ready"
      ? agreement.warning
      : "The judge's agreement with the team is not measured yet: its rewards may teach the model the wrong thing.";
  const chooseJudge = (next: JudgeChoice | null) => {
    // Turning the judge on or off with the states untouched counts (or stops counting) the items it answers.
    let states = choices.states;
    if (next && !choices.judge && sameStates(states, ["completed"])) states = JUDGE_STATES;
    if (!next && choices.judge && sameStates(states, JUDGE_STATES)) states = ["completed"];
    update({ judge: next, states });
  };
  const opPaths = useOpPaths(loaded?.items, loaded?.calls, choices.ops);

  const annotatorIds = useMemo(() => {
    const ids = new Set<string>();
    if (loaded && spec)
      for (const onCall of loaded.answers.values()) for (const answer of onCall[spec.id] ?? []) ids.add(answer.by);
    return [...ids].sort();
  }, [loaded, spec]);
  const stateCounts = useMemo(() => {
    const counts = new Map<AnnotationState, number>();
    for (const item of loaded?.items ?? [])
      counts.set(item.annotation_state, (counts.get(item.annotation_state) ?? 0) + 1);
    return counts;
  }, [loaded]);

  const queueName = queue.data?.name;
  const input = useMemo<SelectionInput | null>(
    () =>
      loaded && spec && mapping && queueName !== undefined && !judge.pending
        ? {
            queue: { id: queueId, name: queueName },
            items: loaded.items,
            calls: loaded.calls,
            answers: loaded.answers,
            spec,
            mapping,
            annotators: choices.annotators,
            judge: judge.rewards,
            states: choices.states,
            pathsFor: opPaths.pathsFor,
            grouping: choices.grouping,
          }
        : null,
    [
      loaded,
      spec,
      mapping,
      queueId,
      queueName,
      choices.annotators,
      judge.pending,
      judge.rewards,
      choices.states,
      opPaths.pathsFor,
      choices.grouping,
    ],
  );
  const built = useSelection(input);
  const selection = built.status === "ready" ? built.selection : built.status === "building" ? built.previous : null;
  const current = built.status === "ready";

  if (queue.isError && queueIsGone(queue.error)) return <QueueGone />;
  const name = queue.data?.name ?? "";
  const [entity = "", projectName = ""] = project.split("/");

  return (
    <div className="space-y-6">
      <header className="space-y-2 border-b border-line pb-4">
        <Breadcrumbs
          trail={[
            { label: "Annotation queues", to: paths.queues },
            { label: queue.data ? <UntrustedText text={name} /> : "Queue", to: paths.queue(queueId) },
          ]}
        />
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-lg font-semibold tracking-tight text-fg">
              Train from this queue{queue.data ? ": " : ""}
              {queue.data ? <UntrustedText text={name} className="break-words" /> : null}
            </h1>
            <p className="mt-1 max-w-3xl text-sm text-fg-muted">
              Each answered call becomes a trajectory (its conversation and a reward from the annotators' answers, or
              from a judge's verdict where no one answered), grouped for an RL job on the training service. Nothing is
              sent until you start the job.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={paths.queue(queueId)} className={buttonClasses("secondary", "md")}>
              Items
            </Link>
            <Link to={paths.queueInsights(queueId)} className={buttonClasses("secondary", "md")}>
              Insights
            </Link>
          </div>
        </div>
      </header>

      <UrlIssuesNotice issues={issues} onDismiss={dismissIssues} />
      <QueueLoadErrors queue={queue} specs={specs} />
      {specList && specList.length === 0 ? (
        <p className="rounded-lg border border-line px-4 py-3 text-sm">
          This queue asks no questions, so its calls have no reward to train on.
        </p>
      ) : null}
      {specOptions.length > 0 && !spec ? (
        <p className="rounded-lg border border-line px-4 py-3 text-sm">
          None of this queue's questions can be a reward: they take free text. Add a rating, a number, a yes/no or a
          choice to the queue.
        </p>
      ) : null}
      {source.query.isFetching ? (
        <QueueReadStatus
          progress={source.progress}
          total={totals.data?.total_items ?? null}
          onCancel={source.cancel}
          updating={loaded !== undefined}
        />
      ) : null}
      {source.cancelled && !source.query.isFetching ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
          <output>Reading the queue was cancelled: nothing is built from part of it.</output>
          <button type="button" className={buttonClasses("secondary", "sm")} onClick={source.reload}>
            Read again
          </button>
        </div>
      ) : null}
      {source.query.isError && !source.query.isFetching ? (
        <ErrorPanel
          error={source.query.error}
          title="Could not read the queue's items, calls and answers"
          onRetry={source.reload}
        />
      ) : null}
      {loaded?.inexact ? (
        <p role="note" className="text-sm text-amber-800 dark:text-amber-200">
          The queue changed a lot while it was read: some items may be missing or counted twice. Read it again for an
          exact selection.
        </p>
      ) : null}

      {loaded && spec ? (
        <div className="grid gap-8 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
          <div className="min-w-0 space-y-6">
            <RewardSection
              specs={specOptions}
              spec={spec}
              // A judge answers one question: another question starts from the annotators alone.
              onSpec={(id) => update({ spec: id, mapping: null, annotators: { kind: "mean" }, judge: null })}
              mapping={mapping}
              onMapping={(next) => update({ mapping: next })}
              annotators={choices.annotators}
              onAnnotators={(annotators) => update({ annotators })}
              annotatorIds={annotatorIds}
            >
              <JudgeSourceFields
                queueId={queueId}
                judges={judge.judges}
                judgesError={judge.judgesError}
                versionsError={judge.versionsError}
                onRetry={judge.retry}
                choice={choices.judge}
                onChoice={chooseJudge}
                versions={judge.versions}
                agreement={agreement}
              />
            </RewardSection>
            <ItemsSection states={choices.states} onStates={(states) => update({ states })} counts={stateCounts} />
            <GroupingSection grouping={choices.grouping} onGrouping={(grouping) => update({ grouping })} />
            <PathsSection
              ops={opPaths.describe(selection)}
              onPaths={opPaths.setPaths}
              onInclude={(opName, included) =>
                update({ ops: { ...choices.ops, [opChoiceName(opName)]: included ? "in" : "out" } })
              }
            />
          </div>
          <div className="min-w-0 space-y-6">
            {built.status === "failed" ? (
              <ErrorPanel error={built.error} title="Could not build the trajectory groups" />
            ) : null}
            {selection ? (
              <SelectionSummary
                selection={selection}
                building={!current}
                judgeName={judge.version ? `${judge.version.name} ${versionLabel(judge.version)}` : null}
              />
            ) : built.status === "building" ? (
              <output className="block text-sm text-fg-muted">Building the trajectory groups…</output>
            ) : null}
            <ModelSection
              choice={choices.model}
              onChoice={(model) => {
                setStartError(null);
                update({ model });
              }}
              errors={{}}
              defaults={{
                project: projectName || entity,
                name: `${
                  name
                    .toLowerCase()
                    .replace(/[^\w.-]+/g, "-")
                    .replace(/^-+|-+$/g, "")
                    .slice(0, 60) || "queue"
                }-rl`,
              }}
            />
            <StartPanel
              choices={choices}
              selection={current ? selection : null}
              origin={
                spec && queue.data
                  ? {
                      kind: "queue",
                      projectId: project,
                      queueId,
                      queueName: name,
                      rewardSpec: { ref: spec.ref, label: spec.label },
                    }
                  : null
              }
              error={startError}
              onError={setStartError}
              onModelCreated={(id) => update({ model: { kind: "existing", id } })}
              onStarted={(jobId) => void navigate(paths.trainingJob(jobId))}
              risk={judgeRisk}
            />
            <DownloadsSection
              selection={current ? selection : null}
              queueName={name}
              threshold={choices.threshold}
              onThreshold={(threshold) => update({ threshold })}
            />
            {/* After Start: a few screens of text would push the model and Start out of reach. */}
            {selection ? <SamplesSection selection={selection} /> : null}
            {selection ? <SelectionTables selection={selection} queueId={queueId} /> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
