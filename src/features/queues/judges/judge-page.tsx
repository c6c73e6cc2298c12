import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import type { QueueSpec } from "@/api/annotation-specs";
import { useLocalServices } from "@/connection/use-local-services";
import { useViewer } from "@/connection/use-viewer";
import { ErrorPanel } from "@/components/error-panel";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { Section } from "@/components/section";
import { UntrustedText } from "@/components/untrusted-text";
import { judgeHref } from "../shared/links";
import { NoProjectNotice } from "../shared/no-project-notice";
import { QueueLoadErrors } from "../shared/queue-load-errors";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { useJudgeVersions, useSaveJudge } from "./api/judges";
import { PROMPT_CHECK_CALLS, serviceOfModel, unjudgeableReason } from "./editor/judge-form";
import { AgreementView } from "./agreement-view/agreement-view";
import { JudgeEditor } from "./editor/judge-editor";
import { JudgeSaveRaceNote } from "./editor/save-race-note";
import { JudgeVersions } from "./judge-versions";
import { JudgesHeader } from "./judges-header";
import type { JudgeSource } from "./load-judge-source";
import type { Judge, JudgeDraft } from "./model/judge-value";
import { defaultPrompt } from "./model/prompt-template";
import { versionKey } from "./model/verdicts";
import { RunFailures } from "./run/run-failures";
import { RunPanel } from "./run/run-panel";
import { useQueueJudging } from "./use-queue-judging";
import { useWarnBeforeLeaving } from "./use-warn-before-leaving";
import { JudgeSourceError } from "./source-error";

/** /queues/:queueId/judges/new: a new judge's editor. */
export function NewJudgePage() {
  return <JudgePageFrame judgeId={null} />;
}

/** /queues/:queueId/judges/:judgeId: a judge's editor, its runs and versions. */
export function JudgePage() {
  const { judgeId = "" } = useParams();
  return <JudgePageFrame judgeId={judgeId} />;
}

function JudgePageFrame({ judgeId }: { judgeId: string | null }) {
  const project = useAnnotationProject();
  const { queueId = "" } = useParams();
  if (!project) return <NoProjectNotice pageTitle="Judge" />;
  return (
    <PanelErrorBoundary label="The judge" resetKeys={[project, queueId, judgeId]}>
      <JudgeScreen key={judgeId ?? "new"} project={project} queueId={queueId} judgeId={judgeId} />
    </PanelErrorBoundary>
  );
}

const firstJudgeable = (specs: readonly QueueSpec[]) => specs.find((spec) => unjudgeableReason(spec) === null);

function draftOf(judge: Judge | undefined, queueId: string, specs: readonly QueueSpec[]): JudgeDraft {
  if (judge) {
    const { name, description, model, service, prompt, specRef } = judge;
    return { name, description, model, service, prompt, specRef, queueId };
  }
  const model = "";
  return {
    name: "",
    description: "",
    model,
    service: serviceOfModel(model),
    prompt: defaultPrompt(),
    queueId,
    specRef: firstJudgeable(specs)?.ref ?? "",
  };
}

function sampleOf(source: JudgeSource | undefined) {
  if (!source) return { calls: [], firstCallId: undefined };
  const ids = source.callIds.slice(0, PROMPT_CHECK_CALLS).filter((id) => source.calls.has(id));
  return { calls: ids.map((id) => source.calls.get(id)!), firstCallId: ids[0] };
}

function JudgeScreen({ project, queueId, judgeId }: { project: string; queueId: string; judgeId: string | null }) {
  const titleId = useId();
  const navigate = useNavigate();
  const { queue, specs, specList, source } = useQueueJudging(project, queueId);
  const versions = useJudgeVersions(project, judgeId ?? "");
  const save = useSaveJudge(project);
  const saveInFlight = useRef(false);
  const viewer = useViewer();
  const localServices = useLocalServices();
  const [dirty, setDirty] = useState(false);
  const [chosenVersion, setChosenVersion] = useState<string | null>(null);
  useWarnBeforeLeaving(dirty);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  const latest = versions.data?.[0];
  // The version the editor was opened from. It moves only with this page's own saves (or when asked to),
  // so a save by someone else, seen when the versions are read again, never replaces what is being typed,
  // and this page's next save is checked against the version it really started from.
  const [editorBase, setEditorBase] = useState<string | null>(null);
  if (latest && editorBase === null) setEditorBase(latest.digest);
  const saved = save.data?.judge;
  const base =
    versions.data?.find((version) => version.digest === editorBase) ?? (saved?.digest === editorBase ? saved : latest);
  const sample = useMemo(() => sampleOf(source.data), [source.data]);
  const spec = latest ? specList?.find((candidate) => candidate.ref === latest.specRef) : undefined;
  const waitingForJudge = judgeId !== null && !latest;
  const ready = specList !== undefined && !waitingForJudge;

  // A new judge's first save takes the address of the judge it made.
  useEffect(() => {
    // Unless someone else's save raced it: then the note says so here, with a link.
    if (judgeId === null && save.data?.check.kind === "clean")
      navigate(judgeHref(project, queueId, save.data.judge.id), { replace: true });
  }, [judgeId, save.data, navigate, project, queueId]);

  return (
    <div className="space-y-6">
      <JudgesHeader
        project={project}
        queueId={queueId}
        queue={queue.data}
        titleId={titleId}
        inJudges
        title={judgeId === null ? "New judge" : latest ? <UntrustedText text={latest.name} /> : "Judge"}
        intro={
          <p>
            A judge answers one of the queue&apos;s questions for each call with a language model: one of the inference
            service&apos;s, or a checkpoint trained on the training service
            {localServices ? " (here both are local simulations)" : ""}. Every save is a new version; each
            version&apos;s verdicts are kept apart.
          </p>
        }
      />
      <QueueLoadErrors queue={queue} specs={specs} />
      {versions.isError ? (
        <ErrorPanel error={versions.error} title="Could not read the judge" onRetry={() => void versions.refetch()} />
      ) : null}
      {judgeId !== null && versions.isSuccess && !latest ? (
        <p role="alert" className="text-sm text-fg">
          This queue has no judge {judgeId}: it may have been deleted, or the link belongs to another project.
        </p>
      ) : null}
      <JudgeSourceError source={source} />
      {specList !== undefined && specList.length === 0 ? (
        <p role="alert" className="text-sm text-fg">
          This queue asks no question, so there is nothing a judge could answer: add a question to the queue first.
        </p>
      ) : null}

      {save.data && save.data.check.kind !== "clean" ? (
        <JudgeSaveRaceNote
          result={save.data}
          judgeHref={judgeId === null ? judgeHref(project, queueId, save.data.judge.id) : undefined}
          onDismiss={save.reset}
        />
      ) : null}
      {ready && specList.length > 0 ? (
        <Section title={judgeId === null ? "The judge" : "Edit (saves a new version)"}>
          {latest && base && latest.digest !== base.digest && !save.isPending ? (
            <output className="mb-3 block text-sm text-fg">
              Version {latest.versionIndex} was saved after you opened version {base.versionIndex}: saving now makes a
              version that does not contain its changes.{" "}
              <button
                type="button"
                className="underline underline-offset-2 hover:no-underline"
                onClick={() => setEditorBase(latest.digest)}
              >
                Edit version {latest.versionIndex} instead
              </button>{" "}
              (what you typed here is replaced).
            </output>
          ) : null}
          <JudgeEditor
            key={base?.digest ?? "new"}
            initial={draftOf(base, queueId, specList)}
            specs={specList}
            sampleCalls={sample.calls}
            firstCallId={sample.firstCallId}
            saving={save.isPending}
            saveError={save.isError ? save.error : null}
            onDirtyChange={onDirtyChange}
            onSave={(draft, questionSchema) => {
              // save.isPending changes only with the next render: two presses in one tick (a double
              // click, Enter and a click) would both pass it, and a new judge's would make two judges.
              if (saveInFlight.current) return;
              saveInFlight.current = true;
              save.mutate(
                { basedOn: base, draft, questionSchema },
                {
                  onSuccess: (result) => setEditorBase(result.judge.digest),
                  onSettled: () => (saveInFlight.current = false),
                },
              );
            }}
          />
        </Section>
      ) : (
        <p className="text-sm text-fg-muted">Reading the queue&apos;s questions and the judge…</p>
      )}

      {latest && spec ? (
        <Section title={`Run version ${latest.versionIndex}`}>
          {source.data ? (
            <>
              <RunPanel
                project={project}
                judge={latest}
                spec={spec}
                source={source.data}
                sourceFresh={!source.isFetching}
              />
              <RunFailures
                project={project}
                queueId={queueId}
                outcomes={source.data.outcomes.get(versionKey(latest.id, latest.digest))}
                itemOfCall={source.data.itemOfCall}
              />
            </>
          ) : (
            <p className="text-sm text-fg-muted" aria-live="polite">
              Reading the queue: {source.progress.items} items, {source.progress.calls} calls so far…
            </p>
          )}
        </Section>
      ) : null}
      {latest && spec && source.data && versions.data ? (
        <AgreementView
          key={latest.digest}
          project={project}
          queueId={queueId}
          versions={versions.data}
          spec={spec}
          source={source.data}
          sourceFresh={!source.isFetching}
        />
      ) : null}
      {latest && !spec && specList ? (
        <p role="alert" className="text-sm text-fg">
          The question this judge answers is no longer one of the queue&apos;s: choose another and save to run it.
        </p>
      ) : null}

      {versions.data && versions.data.length > 0 ? (
        <Section title="Versions">
          <JudgeVersions
            versions={versions.data}
            source={source.data}
            chosen={chosenVersion}
            onChoose={setChosenVersion}
            me={viewer.data?.id ?? null}
          />
        </Section>
      ) : null}
    </div>
  );
}
