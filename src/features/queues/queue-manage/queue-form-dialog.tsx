import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { LIMITS } from "@contract/limits";
import type { AnnotationQueue } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import { traceQueries } from "@/api/queries/trace";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { ErrorPanel } from "@/components/error-panel";
import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import { SpecEditor } from "@/features/specs";
import { useApiClients } from "@/connection/api-clients";
import { projectSpecQueries } from "../api/project-specs";
import { useTeamSettings } from "../api/team-settings";
import { DEFAULT_TEAM_SETTINGS, type TeamSettings } from "../team/team-settings";
import { teamSettingsSummary } from "../team/team-settings-summary";
import { queueFormErrors } from "./queue-form-errors";
import { SpecPicker, type ChosenQuestion } from "./spec-picker";
import { useAnsweredSpecs } from "./use-answered-specs";
import { settingsOfDraft, teamDraftChanged, teamDraftOf, teamProblems, type TeamDraft } from "./team-draft";
import { TeamFieldset } from "./team-fieldset";
import type { QueueDraft } from "./use-queue-mutations";
import { useQueueFormSave } from "./use-queue-form-save";

const NO_REFS: readonly string[] = [];

/** The discard question takes the focus, on "Keep editing", so Enter or Escape keeps the changes. */
const focusOnMount = (element: HTMLButtonElement | null) => element?.focus();

type Props = {
  projectId: string;
  /** The queue to edit; none makes a new one. */
  queue?: AnnotationQueue;
  onClose: () => void;
  /** After a successful save, with the queue's id (a new queue's page opens from here). */
  onSaved: (queueId: string) => void;
};

const draftOf = (queue: AnnotationQueue | undefined): QueueDraft => ({
  name: queue?.name ?? "",
  description: queue?.description ?? "",
  scorerRefs: queue?.scorer_refs ?? NO_REFS,
});

const sameDraft = (a: QueueDraft, b: QueueDraft): boolean =>
  a.name === b.name &&
  a.description === b.description &&
  a.scorerRefs.length === b.scorerRefs.length &&
  a.scorerRefs.every((ref, i) => ref === b.scorerRefs[i]);

/** What the form can tell before sending (the service checks the same and more). */
function localProblems(draft: QueueDraft): { name: string | null; description: string | null } {
  const name = draft.name.trim();
  return {
    name:
      name === ""
        ? "Give the queue a name."
        : name.length > LIMITS.queueNameLength
          ? `At most ${LIMITS.queueNameLength} characters (${name.length - LIMITS.queueNameLength} over).`
          : null,
    description:
      draft.description.length > LIMITS.descriptionLength
        ? `At most ${LIMITS.descriptionLength} characters (${draft.description.length - LIMITS.descriptionLength} over).`
        : null,
  };
}

/**
 * New queue, or edit a queue: name, guidelines, the questions and the team settings, in a dialog.
 * What was typed stays when a save fails; the service's messages show beside the field they name,
 * anything else in a panel with Retry. Escape, the backdrop and Cancel close it at once only when
 * nothing was changed; otherwise they ask first.
 */
export function QueueFormDialog({ projectId, queue, onClose, onSaved }: Props) {
  const { trace } = useApiClients();
  const initial = useMemo(() => draftOf(queue), [queue]);
  const [draft, setDraft] = useState<QueueDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  // "New question…": the spec editor takes the dialog's place (it is a form of its own), and the
  // queue's draft waits here; the saved spec joins the chosen questions.
  const [makingQuestion, setMakingQuestion] = useState(false);
  // The focus follows the swap: into the editor's first field, and back to "New question…" after,
  // so a keyboard user is not left on the page behind the dialog.
  const content = useRef<HTMLDivElement>(null);
  const shownBefore = useRef(makingQuestion);
  useEffect(() => {
    if (shownBefore.current === makingQuestion) return;
    shownBefore.current = makingQuestion;
    content.current
      ?.querySelector<HTMLElement>(makingQuestion ? "input, textarea" : "[data-action='new-question']")
      ?.focus();
  }, [makingQuestion]);
  const save = useQueueFormSave(projectId, queue, initial);
  const stored = useTeamSettings(projectId, queue?.id ?? "");
  // The settings the form opened with: the defaults for a new queue, the stored ones once read for
  // an edited one (never the defaults shown as if they were stored). Kept when they are read again.
  const [teamOpened, setTeamOpened] = useState<TeamSettings | null>(queue ? null : DEFAULT_TEAM_SETTINGS);
  const [teamDraft, setTeamDraft] = useState<TeamDraft | null>(queue ? null : teamDraftOf(DEFAULT_TEAM_SETTINGS));
  if (teamOpened === null && stored.known) {
    setTeamOpened(stored.settings);
    setTeamDraft(teamDraftOf(stored.settings));
  }

  const projectSpecs = useQuery(projectSpecQueries.forQueues(trace, projectId));
  // An edited queue may ask older versions of specs (the project list has the latest only).
  const queueSpecs = useQuery({
    ...traceQueries.queueSpecs(trace, initial.scorerRefs),
    enabled: initial.scorerRefs.length > 0,
  });
  const specsByRef = useMemo(() => {
    const byRef = new Map<string, QueueSpec>();
    for (const spec of [...(queueSpecs.data?.specs ?? []), ...(projectSpecs.data?.specs ?? [])])
      byRef.set(spec.ref, spec);
    return byRef;
  }, [projectSpecs.data, queueSpecs.data]);
  const chosen: ChosenQuestion[] = draft.scorerRefs.map((ref) => ({ ref, spec: specsByRef.get(ref) ?? null }));
  const removed = useMemo(
    () => initial.scorerRefs.filter((ref) => !draft.scorerRefs.includes(ref)),
    [initial.scorerRefs, draft.scorerRefs],
  );
  const answered = useAnsweredSpecs(projectId, queue ? removed : NO_REFS);
  const removedWithAnswers = removed
    .filter((ref) => answered.has(ref))
    .map((ref) => ({ ref, label: specsByRef.get(ref)?.label ?? ref }));

  const teamChanged = teamDraft !== null && teamOpened !== null && teamDraftChanged(teamDraft, teamOpened);
  const dirty = !sameDraft(draft, initial) || teamChanged;
  const local = localProblems(draft);
  const team = teamDraft ? teamProblems(teamDraft) : { claimTimeoutMinutes: null, answersPerItem: null };
  // An empty number is told once Save is pressed; a wrong one at once (it is being typed).
  const teamShown = {
    claimTimeoutMinutes: submitted || teamDraft?.claimTimeoutMinutes.trim() ? team.claimTimeoutMinutes : null,
    answersPerItem: submitted || teamDraft?.answersPerItem.trim() ? team.answersPerItem : null,
  };
  const service = queueFormErrors(save.queueError, (index) => chosen[index]?.spec?.label ?? `question ${index + 1}`);
  const nameError = (submitted ? local.name : null) ?? service.name;
  const descriptionError = local.description ?? service.description;
  // Once the queue is stored and only its settings are left, its own fields wait: another save sends the settings alone.
  const queueFieldsDisabled = save.isPending || save.queueStored;

  const change = (patch: Partial<QueueDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setAskDiscard(false);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (local.name || local.description || team.claimTimeoutMinutes || team.answersPerItem || save.isPending) return;
    const settings = teamDraft && teamChanged ? settingsOfDraft(teamDraft) : null;
    save.submit(draft, settings, onSaved);
  };
  const requestClose = () => {
    // The editor's own Cancel leaves it (asking first when something was typed): Escape must not lose a spec.
    if (makingQuestion) return;
    if (save.isPending) return;
    if (dirty && !askDiscard) setAskDiscard(true);
    else if (askDiscard) setAskDiscard(false);
    else onClose();
  };

  return (
    <Dialog
      open
      title={makingQuestion ? "New question" : queue ? "Edit queue" : "New queue"}
      description={
        makingQuestion ? (
          "A new annotation spec of the project, added to this queue's questions once saved."
        ) : queue ? (
          <>
            Changes apply to everyone working in this queue.
            {teamOpened ? <span className="block">Team: {teamSettingsSummary(teamOpened)}.</span> : null}
          </>
        ) : (
          "A queue holds calls for people to review, and the questions they answer about each."
        )
      }
      onClose={requestClose}
      initialFocus="input[name='queue-name']"
      className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
    >
      <div ref={content}>
        {makingQuestion ? (
          <SpecEditor
            projectId={projectId}
            onSaved={(ref) => {
              change({ scorerRefs: [...draft.scorerRefs, ref] });
              setMakingQuestion(false);
            }}
            onCancel={() => setMakingQuestion(false)}
          />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4" aria-label={queue ? "Edit queue" : "New queue"}>
            <TextField
              label="Name"
              name="queue-name"
              value={draft.name}
              onChange={(event) => change({ name: event.target.value })}
              error={nameError}
              disabled={queueFieldsDisabled}
              required
              aria-required="true"
              autoComplete="off"
            />
            <TextareaField
              label="Guidelines"
              hint="What annotators should look for. Shown above the questions in the review."
              error={descriptionError}
              value={draft.description}
              onChange={(event) => change({ description: event.target.value })}
              disabled={queueFieldsDisabled}
              rows={4}
              textareaClassName="min-h-24"
            />
            <SpecPicker
              chosen={chosen}
              available={projectSpecs.data?.specs}
              availableError={projectSpecs.error}
              onRetryAvailable={() => void projectSpecs.refetch()}
              onChange={(scorerRefs) => change({ scorerRefs })}
              removedWithAnswers={removedWithAnswers}
              error={service.questions}
              disabled={queueFieldsDisabled}
              newQuestionAction={
                <Button
                  size="sm"
                  onClick={() => setMakingQuestion(true)}
                  disabled={queueFieldsDisabled}
                  data-action="new-question"
                >
                  New question…
                </Button>
              }
            />
            <TeamFieldset
              draft={teamDraft}
              readError={stored.isError ? stored.error : null}
              onRetryRead={() => void stored.refetch()}
              problems={teamShown}
              onChange={(patch) => {
                setTeamDraft((current) => current && { ...current, ...patch });
                setAskDiscard(false);
              }}
              disabled={save.isPending}
            />
            {save.settingsError ? (
              <ErrorPanel
                error={save.settingsError}
                title={
                  queue
                    ? "The queue's changes were saved, but its team settings were not"
                    : "The queue was created, but its team settings were not saved"
                }
                onRetry={() => submit()}
              />
            ) : null}
            {service.other ? (
              <ErrorPanel
                error={service.other}
                title={queue ? "Could not save the queue" : "Could not create the queue"}
                onRetry={() => submit()}
              />
            ) : null}
            {askDiscard ? (
              <div
                role="alert"
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-500/40 dark:bg-amber-500/10"
              >
                <span className="text-fg">Discard your changes?</span>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => setAskDiscard(false)} ref={focusOnMount}>
                    Keep editing
                  </Button>
                  <Button size="sm" variant="danger" onClick={onClose}>
                    Discard
                  </Button>
                </div>
              </div>
            ) : null}
            {/* Stays in view at the bottom of the scrolling dialog: saving never needs a scroll first. */}
            <div className="sticky -bottom-5 -mx-5 -mb-5 flex justify-end gap-2 border-t border-line bg-surface px-5 py-4">
              <Button onClick={requestClose} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" loading={save.isPending}>
                {save.queueStored ? "Save the team settings" : queue ? "Save changes" : "Create queue"}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
