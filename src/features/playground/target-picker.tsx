import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import type { InferenceModelList } from "@contract/inference";
import { ErrorPanel } from "@/components/error-panel";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { cn } from "@/lib/cn";
import { compareText } from "@/lib/compare-text";
import { useUrlBackedText } from "@/lib/use-url-backed-text";
import { CHECKPOINT_EXAMPLE, CheckpointPicker } from "@/features/training";
import type { ChatService, PlaygroundTarget } from "./playground-url-state";
import { revealHiddenCharacters } from "@/lib/hidden-characters";

const SERVICES: { id: ChatService; label: string; hint: string }[] = [
  { id: "inference", label: "Inference", hint: "a catalog model" },
  { id: "training", label: "Training", hint: "a trained checkpoint" },
];

/**
 * What to chat with: a model of the inference service's catalog, or a trained checkpoint through
 * the training service (picked by model and step, or typed as an address, checked before sending).
 */
export function TargetPicker({
  target,
  onChange,
  models,
  modelError,
  checkpointError,
  onCheckpointBlur,
  disabled,
}: {
  target: PlaygroundTarget;
  onChange: (target: PlaygroundTarget) => void;
  models: UseQueryResult<InferenceModelList>;
  /** "Choose a model" when sending without one. */
  modelError: string | null;
  checkpointError: string | null;
  onCheckpointBlur: () => void;
  disabled: boolean;
}) {
  const groupId = useId();
  const ids = (models.data?.data ?? []).map((m) => m.id).sort(compareText);
  const unlisted =
    target.service === "inference" && target.model !== "" && models.isSuccess && !ids.includes(target.model);

  return (
    <div className="space-y-3">
      <fieldset className="space-y-1.5" disabled={disabled}>
        <legend id={groupId} className="text-sm font-medium text-fg">
          Service
        </legend>
        <div className="grid grid-cols-2 gap-1 rounded-md border border-line-strong bg-subtle p-0.5">
          {SERVICES.map((service) => (
            <label
              key={service.id}
              className={cn(
                "flex cursor-pointer flex-col rounded px-2 py-1 text-center text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
                target.service === service.id ? "bg-surface text-fg shadow-sm" : "text-fg-muted hover:text-fg",
              )}
            >
              <input
                type="radio"
                name={groupId}
                value={service.id}
                checked={target.service === service.id}
                onChange={() => onChange({ service: service.id, model: "" })}
                className="sr-only"
              />
              <span className="font-medium">{service.label}</span>
              <span className="text-[11px]">{service.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {target.service === "inference" ? (
        <SelectField
          label="Model"
          error={modelError}
          warning={unlisted ? "The service does not list this model for your key; it may refuse it." : null}
          after={
            models.isError ? (
              <ErrorPanel
                error={models.error}
                title="Could not list the models"
                onRetry={() => void models.refetch()}
                className="mt-1"
              />
            ) : null
          }
          value={target.model}
          disabled={disabled}
          onChange={(event) => onChange({ service: "inference", model: event.target.value })}
        >
          <option value="">{models.isPending ? "Loading models…" : "Choose a model…"}</option>
          {unlisted ? <option value={target.model}>{revealHiddenCharacters(target.model)} (not listed)</option> : null}
          {ids.map((id) => (
            <option key={id} value={id}>
              {revealHiddenCharacters(id)}
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <CheckpointPicker
            address={target.model}
            onChange={(model) => onChange({ service: "training", model })}
            disabled={disabled}
          />
          <CheckpointField
            address={target.model}
            onChange={(model) => onChange({ service: "training", model })}
            onBlur={onCheckpointBlur}
            error={checkpointError}
            disabled={disabled}
          />
        </>
      )}
    </div>
  );
}

/** The checkpoint address, typed freely; the URL follows it (see useUrlBackedText). */
function CheckpointField({
  address,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  address: string;
  onChange: (address: string) => void;
  onBlur: () => void;
  error: string | null;
  disabled: boolean;
}) {
  const [text, setText] = useUrlBackedText(address, onChange);
  return (
    <TextField
      label="Checkpoint address"
      hint={
        <>
          <code className="font-mono break-all">
            wandb-artifact:///&lt;entity&gt;/&lt;project&gt;/&lt;model&gt;:step&lt;N&gt;
          </code>
          . Without <code className="font-mono">:step</code> the latest checkpoint answers.
        </>
      }
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={onBlur}
      error={error}
      placeholder={CHECKPOINT_EXAMPLE}
      verbatim
      disabled={disabled}
      inputClassName="font-mono text-xs"
    />
  );
}
