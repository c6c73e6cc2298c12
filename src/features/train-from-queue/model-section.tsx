import { Section } from "@/components/section";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { SUPPORTED_BASE_MODELS, trainedModelWarning, useRegistry } from "@/features/training";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import type { ModelChoice } from "./train-url-state";

export type ModelErrors = { model?: string; project?: string; name?: string; base?: string };

/** The model to train: one this browser knows (created, opened or seeded), or a new one on a supported base model. */
export function ModelSection({
  choice,
  onChoice,
  errors,
  defaults,
}: {
  choice: ModelChoice;
  onChoice: (choice: ModelChoice) => void;
  errors: ModelErrors;
  defaults: { project: string; name: string };
}) {
  const registry = useRegistry();
  const newModel =
    choice.kind === "new"
      ? choice
      : { kind: "new" as const, project: defaults.project, name: defaults.name, base: SUPPORTED_BASE_MODELS[0] ?? "" };
  return (
    <Section title="Model">
      <fieldset className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <legend className="sr-only">Which model</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="model-kind"
            checked={choice.kind === "existing"}
            onChange={() => onChoice({ kind: "existing", id: "" })}
          />
          An existing model
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="model-kind" checked={choice.kind === "new"} onChange={() => onChoice(newModel)} />
          A new model
        </label>
      </fieldset>
      {choice.kind === "existing" ? (
        <SelectField
          label="Model"
          error={errors.model}
          warning={errors.model ? null : trainedModelWarning(registry.models.find((m) => m.id === choice.id))}
          hint={
            registry.models.length === 0
              ? "This browser knows no models of the training service yet: create a new one."
              : "The models this browser created, opened or found seeded."
          }
          value={choice.id}
          onChange={(event) => onChoice({ kind: "existing", id: event.target.value })}
          selectClassName="max-w-xl"
        >
          <option value="">Choose a model…</option>
          {choice.id && !registry.models.some((m) => m.id === choice.id) ? (
            <option value={choice.id}>{revealHiddenCharacters(choice.id)}</option>
          ) : null}
          {registry.models.map((m) => (
            <option key={m.id} value={m.id}>
              {revealHiddenCharacters(m.name ? `${m.name}${m.base_model ? ` · ${m.base_model}` : ""}` : m.id)}
            </option>
          ))}
        </SelectField>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Project"
            value={choice.project}
            onChange={(event) => onChoice({ ...choice, project: event.target.value })}
            error={errors.project}
            maxLength={128}
            verbatim
          />
          <TextField
            label="Name"
            value={choice.name}
            onChange={(event) => onChoice({ ...choice, name: event.target.value })}
            error={errors.name}
            maxLength={128}
            verbatim
          />
          <SelectField
            label="Base model"
            error={errors.base}
            value={choice.base}
            onChange={(event) => onChoice({ ...choice, base: event.target.value })}
          >
            {SUPPORTED_BASE_MODELS.map((base) => (
              <option key={base} value={base}>
                {base}
              </option>
            ))}
          </SelectField>
        </div>
      )}
    </Section>
  );
}
