import { useState } from "react";
import { Link } from "react-router-dom";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { trainedModelWarning } from "../base-models";
import { useRegistry } from "../registry/registry-context";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { paths } from "@/lib/paths";

const OTHER = "__other__";

/** The model to train: one this browser knows, or any id typed in. */
export function ModelPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (modelId: string) => void;
  error: string | null;
}) {
  const registry = useRegistry();
  const known = registry.models.some((m) => m.id === value);
  const [typing, setTyping] = useState(value !== "" && !known);
  if (registry.models.length === 0 || (typing && !known)) {
    return (
      <TextField
        label="Model ID"
        hint={
          registry.models.length === 0 ? (
            <>
              No models in this browser yet:{" "}
              <Link to={paths.trainingModels} className="text-link underline underline-offset-2">
                create one
              </Link>{" "}
              or paste an ID.
            </>
          ) : (
            <button type="button" className="text-link hover:underline" onClick={() => setTyping(false)}>
              Choose from this browser's models instead
            </button>
          )
        }
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        placeholder="model_…"
        verbatim
        inputClassName="font-mono text-xs"
      />
    );
  }
  return (
    <SelectField
      label="Model"
      error={error}
      warning={error ? null : trainedModelWarning(registry.models.find((m) => m.id === value))}
      value={known ? value : ""}
      onChange={(event) => {
        if (event.target.value === OTHER) {
          setTyping(true);
          onChange("");
        } else onChange(event.target.value);
      }}
    >
      <option value="">Choose a model…</option>
      {registry.models.map((m) => (
        <option key={m.id} value={m.id}>
          {revealHiddenCharacters(m.name ? `${m.name}${m.base_model ? ` · ${m.base_model}` : ""}` : m.id)}
        </option>
      ))}
      <option value={OTHER}>Another model ID…</option>
    </SelectField>
  );
}
