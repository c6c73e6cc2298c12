import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import type { SpecObject } from "@/api/spec-objects";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorPanel } from "@/components/error-panel";
import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import { fieldErrorsOfSave, NewerVersionError } from "./save-errors";
import { RelativeTime } from "@/components/relative-time";
import {
  buildSpec,
  draftFromSpec,
  EMPTY_DRAFT,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  objectIdFromName,
  parseRawSchema,
  rawSchemaWarning,
  schemaOfDraft,
  toFormMode,
  toRawMode,
  type SpecDraft,
  type SpecErrors,
} from "./spec-draft";
import { SpecPreview } from "./spec-preview";
import { RequiredOrOptional, WhoAnswers } from "./spec-choices";
import { QuestionFields, RawSchemaField } from "./question-fields";
import { SpecUsageNotice } from "./spec-usage";
import { SaveRaceNotice } from "./save-race-notice";
import { useSaveSpec, type SavedSpec } from "./use-save-spec";

export type SpecEditorProps = {
  projectId: string;
  /** The spec's latest version, to save its next one; none for a new spec. */
  initial?: SpecObject | null;
  /** After a save: the ref of the version just stored (what a queue's scorer_refs take) and the version itself. */
  onSaved: (ref: string, saved: SpecObject) => void;
  onCancel?: () => void;
};

/**
 * Creates a human-annotation spec, or saves the next version of one, from choices a person
 * understands (or the raw JSON Schema, for experts), with a live preview of the question as the
 * review will show it. Independent of the specs page: it needs only the API clients and the query
 * cache, so a dialog can embed it.
 */
export function SpecEditor({ projectId, initial = null, onSaved, onCancel }: SpecEditorProps) {
  const [startedFrom] = useState<SpecDraft>(() => (initial ? draftFromSpec(initial.objectId, initial) : EMPTY_DRAFT));
  const [draft, setDraft] = useState<SpecDraft>(startedFrom);
  const [showErrors, setShowErrors] = useState(false);
  const [formSwitchProblem, setFormSwitchProblem] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const save = useSaveSpec(projectId);
  // The version the next save builds on: the one opened, then the one a raced save made.
  const [basis, setBasis] = useState<SpecObject | null>(initial);
  const [raced, setRaced] = useState<SavedSpec | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const formId = useId();

  const built = useMemo(() => buildSpec(draft), [draft]);
  // What the service holds of this editor's text: where it started, then what a save stored.
  const [stored, setStored] = useState<SpecDraft>(startedFrom);
  const unsaved = draft !== stored;
  useWarnBeforeLeaving(unsaved);
  const preview = useMemo(() => schemaOfDraft(draft), [draft]);
  const local = showErrors && "errors" in built ? built.errors : {};
  const refused = save.isError
    ? fieldErrorsOfSave(save.error, draft.mode === "raw" ? "rawSchema" : "question")
    : { fields: {}, placed: false };
  const errorOf = (field: keyof SpecErrors) => local[field] ?? refused.fields[field];
  const rawParsed = draft.mode === "raw" ? parseRawSchema(draft.rawSchema) : null;

  const change = (patch: Partial<SpecDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...patch };
      // A new spec's id follows its name until someone types an id of their own.
      if (!basis && !next.objectIdTouched && patch.name !== undefined) next.objectId = objectIdFromName(next.name);
      return next;
    });
    if (patch.rawSchema !== undefined || patch.mode !== undefined) setFormSwitchProblem(null);
    // A refusal marked on a field is being answered by this edit; one shown as a panel stays (with its Retry).
    if (refused.placed) save.reset();
  };

  const submit = (event?: FormEvent, overwrite: SpecObject | null = null) => {
    event?.preventDefault();
    setShowErrors(true);
    if ("errors" in built) {
      // The first field that needs attention takes the focus, once its message is drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setRaced(null);
    const sent = draft;
    save.mutate(
      { objectId: built.objectId, fields: built.value, basedOn: basis, overwrite },
      {
        onSuccess: (result) => {
          setStored(sent);
          if (result.check.kind === "clean") return onSaved(result.saved.ref, result.saved);
          // Someone else's version was saved beside ours: the person is told before the editor is left.
          setRaced(result);
          setBasis(result.check.kind === "unchanged" ? result.check.latest : result.saved);
        },
      },
    );
  };

  const switchToForm = () => {
    const result = toFormMode(draft);
    if ("why" in result) setFormSwitchProblem(result.why);
    else {
      setFormSwitchProblem(null);
      setDraft(result.draft);
    }
  };

  return (
    // Laid out by its own width, not the window's: in a dialog it stacks, on a page the preview sits beside the form.
    <div className="@container">
      <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)]">
        <form
          ref={formRef}
          id={formId}
          noValidate
          onSubmit={submit}
          aria-labelledby={headingId}
          className="min-w-0 space-y-5"
        >
          <h2 id={headingId} className="sr-only">
            {initial ? "Edit the spec" : "New spec"}
          </h2>
          <div className="space-y-3">
            <TextField
              label="Question"
              hint="What annotators read, e.g. “Tone” or “Did the answer resolve the issue?”"
              value={draft.name}
              maxLength={MAX_NAME_LENGTH + 1}
              error={errorOf("name")}
              onChange={(event) => change({ name: event.target.value })}
            />
            <TextField
              label="Id"
              hint={
                basis
                  ? "The id never changes: answers are recorded under it (wandb.annotation.<id>)."
                  : "Derived from the question; answers are recorded under it (wandb.annotation.<id>) and it cannot change later."
              }
              value={draft.objectId}
              readOnly={Boolean(basis)}
              error={errorOf("objectId")}
              onChange={(event) => change({ objectId: event.target.value, objectIdTouched: true })}
              inputClassName="font-mono read-only:bg-subtle read-only:text-fg-muted"
              verbatim
            />
            <TextareaField
              label="Description (optional)"
              hint="Shown under the question: what each answer means."
              error={errorOf("description")}
              value={draft.description}
              maxLength={MAX_DESCRIPTION_LENGTH + 1}
              rows={2}
              onChange={(event) => change({ description: event.target.value })}
            />
          </div>

          <div className="space-y-3 border-t border-line pt-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold text-fg">Answer</p>
              {draft.mode === "form" ? (
                <Button size="sm" variant="ghost" onClick={() => setDraft(toRawMode(draft))}>
                  Edit as JSON Schema
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={switchToForm}>
                  Back to the form
                </Button>
              )}
            </div>
            {formSwitchProblem ? (
              <p role="alert" className="text-xs font-medium text-amber-800 dark:text-amber-300">
                {formSwitchProblem}
              </p>
            ) : null}
            {draft.mode === "form" ? (
              <>
                <QuestionFields draft={draft} errors={{ ...refused.fields, ...local }} onChange={change} />
                {refused.fields.question ? (
                  <p className="text-xs font-medium text-red-700 dark:text-red-400">{refused.fields.question}</p>
                ) : null}
              </>
            ) : (
              <RawSchemaField
                value={draft.rawSchema}
                error={errorOf("rawSchema")}
                warning={rawParsed && "schema" in rawParsed ? rawSchemaWarning(rawParsed.schema) : null}
                onChange={(rawSchema) => change({ rawSchema })}
              />
            )}
          </div>

          {draft.opScope && draft.opScope.length > 0 ? (
            <p className="text-xs text-fg-muted">
              This spec is limited to {draft.opScope.length === 1 ? "1 op" : `${draft.opScope.length} ops`} (op_scope);
              the form does not change that, and saving keeps it.
            </p>
          ) : null}
          <RequiredOrOptional required={draft.required} onChange={(required) => change({ required })} />
          <WhoAnswers
            unique={draft.uniqueAmongCreators}
            onChange={(uniqueAmongCreators) => change({ uniqueAmongCreators })}
          />
        </form>

        <section
          aria-label="Preview"
          className="min-w-0 space-y-2 @3xl:sticky @3xl:top-4 @3xl:col-start-2 @3xl:row-span-2 @3xl:row-start-1 @3xl:self-start"
        >
          <p className="text-sm font-semibold text-fg">Preview</p>
          <p className="text-xs text-fg-muted">The question as annotators will see it in the review.</p>
          <SpecPreview
            name={draft.name}
            objectId={draft.objectId}
            description={draft.description}
            schema={"schema" in preview ? preview.schema : null}
            uniqueAmongCreators={draft.uniqueAmongCreators}
            why={"errors" in preview ? (Object.values(preview.errors)[0] ?? null) : null}
          />
        </section>

        {/* Outside the form (its Save button is tied to it by id), so on a narrow screen the preview comes before Save. */}
        <div className="min-w-0 space-y-5 @3xl:col-start-1">
          {basis ? (
            <SpecUsageNotice projectId={projectId} objectId={basis.objectId} nextVersion={basis.versionIndex + 2} />
          ) : null}
          {raced ? (
            <SaveRaceNotice
              result={raced}
              isNew={!initial}
              onUseTheirs={(theirs) => setDraft(draftFromSpec(theirs.objectId, theirs))}
              onDone={() => onSaved(raced.saved.ref, raced.saved)}
            />
          ) : null}

          {save.error instanceof NewerVersionError ? (
            <div
              role="alert"
              className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-fg dark:border-amber-500/40 dark:bg-amber-500/10"
            >
              <p className="font-medium">
                Someone saved version {save.error.version} of this spec <RelativeTime value={save.error.createdAt} />,
                after you opened it.
              </p>
              <p className="text-fg-muted">
                Saving anyway makes version {save.error.version + 1} from what you typed here; version{" "}
                {save.error.version} stays in the history. To start from their version instead, reload the page (what
                you typed here is then lost).
              </p>
              <Button size="sm" onClick={() => submit(undefined, (save.error as NewerVersionError).latest)}>
                Save anyway
              </Button>
            </div>
          ) : null}
          {save.isError && !refused.placed && !(save.error instanceof NewerVersionError) ? (
            <ErrorPanel error={save.error} title="The spec was not saved" onRetry={() => submit()} />
          ) : null}
          {save.isError && refused.placed ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              The spec was not saved: see the marked field.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" form={formId} variant="primary" loading={save.isPending}>
              {basis ? `Save version ${basis.versionIndex + 2}` : "Create spec"}
            </Button>
            {onCancel ? (
              <Button onClick={() => (unsaved ? setConfirmingCancel(true) : onCancel())} disabled={save.isPending}>
                Cancel
              </Button>
            ) : null}
            {save.isPending ? (
              <span className="text-xs text-fg-muted" aria-live="polite">
                Saving…
              </span>
            ) : null}
            {onCancel ? (
              <ConfirmDialog
                open={confirmingCancel}
                title="Discard what you typed?"
                description="What you typed here has not been saved."
                confirmLabel="Discard"
                cancelLabel="Keep editing"
                onConfirm={() => {
                  setConfirmingCancel(false);
                  onCancel();
                }}
                onCancel={() => setConfirmingCancel(false)}
              />
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Closing or reloading the tab with something typed and not saved asks first (the browser words the question). */
function useWarnBeforeLeaving(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
}
