import { useEffect, useMemo, useRef, useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { Button } from "@/components/button";
import { ErrorPanel } from "@/components/error-panel";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import type { CallPart } from "@/lib/call-paths";
import { JUDGE_BOUNDS, type Judge, type JudgeDraft } from "../model/judge-value";
import { checkPrompt, draftErrors, placeholderPaths, serviceOfModel, unjudgeableReason } from "./judge-form";
import { ModelField } from "./model-field";
import { PromptCheckNote } from "./prompt-check-note";
import { PromptPreview } from "./prompt-preview";

/**
 * A judge's form: name, question, model, prompt. Save makes a new version (the caller's `onSave`);
 * what the form refuses is said beside its field, and a save that fails keeps everything typed.
 */
export function JudgeEditor({
  initial,
  specs,
  sampleCalls,
  firstCallId,
  saving,
  saveError,
  onSave,
  onDirtyChange,
}: {
  initial: JudgeDraft;
  specs: readonly QueueSpec[];
  /** The queue's first calls, what the prompt is checked against (empty while they are read). */
  sampleCalls: readonly CallPart[];
  firstCallId: string | undefined;
  saving: boolean;
  saveError: unknown;
  onSave: (draft: JudgeDraft, questionSchema: Record<string, unknown>) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The version the form started from, when editing. */
  version?: Judge;
}) {
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const prompt = useRef<HTMLTextAreaElement>(null);
  const check = useMemo(() => checkPrompt(draft.prompt, sampleCalls), [draft.prompt, sampleCalls]);
  const errors = draftErrors(draft, specs, check);
  const shown = showErrors ? errors : {};
  const spec = specs.find((candidate) => candidate.ref === draft.specRef);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const change = (patch: Partial<JudgeDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const insert = (placeholder: string) => {
    const box = prompt.current;
    const text = `{{${placeholder}}}`;
    const start = box?.selectionStart ?? draft.prompt.length;
    const end = box?.selectionEnd ?? start;
    change({ prompt: draft.prompt.slice(0, start) + text + draft.prompt.slice(end) });
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const save = () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || !spec) return;
    onSave({ ...draft, name: draft.name.trim(), model: draft.model.trim() }, spec.fieldSchema);
  };

  const paths = ["question", "description", ...placeholderPaths(sampleCalls[0])];
  const problems = Object.keys(errors).length;

  return (
    <form
      noValidate
      aria-label="Judge"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          required
          maxLength={JUDGE_BOUNDS.name}
          error={shown.name}
          onChange={(event) => change({ name: event.target.value })}
        />
        <SelectField
          label="Question"
          hint="The queue's question the judge answers. Free-text questions without bounds cannot be judged."
          value={draft.specRef}
          error={shown.specRef}
          onChange={(event) => change({ specRef: event.target.value })}
        >
          {draft.specRef === "" ? <option value="">Choose a question…</option> : null}
          {specs.map((candidate) => {
            const why = unjudgeableReason(candidate);
            return (
              <option key={candidate.ref} value={candidate.ref} disabled={why !== null}>
                {candidate.label}
                {why ? ` (cannot be judged: ${why})` : ""}
              </option>
            );
          })}
        </SelectField>
        <ModelField
          value={draft.model}
          error={shown.model}
          onChange={(model) => change({ model, service: serviceOfModel(model) })}
        />
        <TextField
          label="Description (optional)"
          value={draft.description}
          maxLength={JUDGE_BOUNDS.description}
          error={shown.description}
          onChange={(event) => change({ description: event.target.value })}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-2">
          <TextareaField
            ref={prompt}
            label="Prompt"
            hint="Sent as the system message; the call's inputs and output follow as the user message."
            value={draft.prompt}
            rows={12}
            maxLength={JUDGE_BOUNDS.prompt}
            error={shown.prompt}
            warning={showErrors ? undefined : (check.refusal ?? undefined)}
            textareaClassName="font-mono text-xs"
            onChange={(event) => change({ prompt: event.target.value })}
          />
          <fieldset className="space-y-1">
            <legend className="text-xs text-fg-muted">Insert a placeholder at the cursor:</legend>
            <div className="flex flex-wrap gap-1">
              {paths.map((path) => (
                <Button key={path} size="sm" variant="ghost" onClick={() => insert(path)} className="font-mono">
                  {`{{${path}}}`}
                </Button>
              ))}
            </div>
          </fieldset>
          <PromptCheckNote check={check} />
        </div>
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-fg">Preview</h3>
          <PromptPreview
            template={draft.prompt}
            question={spec ? { label: spec.label, description: spec.description } : null}
            call={sampleCalls[0]}
            callId={firstCallId}
          />
        </div>
      </div>
      {saveError ? <ErrorPanel error={saveError} title="The judge was not saved" onRetry={save} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" loading={saving}>
          Save as a new version
        </Button>
        {showErrors && problems > 0 ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Not saved: {problems === 1 ? "1 field needs" : `${problems} fields need`} attention.
          </p>
        ) : null}
        {dirty ? <span className="text-xs text-fg-muted">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
