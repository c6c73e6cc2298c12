import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import type { ChatParameters, ParameterErrors } from "./chat-request";

const NUMBERS = [
  { key: "temperature", label: "Temperature", hint: "0 to 2", inputMode: "decimal" },
  { key: "maxTokens", label: "Max tokens", hint: "1 to 131072", inputMode: "numeric" },
] as const;

/** System prompt, temperature and max tokens, as typed; errors are shown at their field. */
export function ParametersPanel({
  parameters,
  errors,
  onChange,
  disabled,
}: {
  parameters: ChatParameters;
  errors: ParameterErrors;
  onChange: (parameters: ChatParameters) => void;
  disabled: boolean;
}) {
  const set = (patch: Partial<ChatParameters>) => onChange({ ...parameters, ...patch });
  return (
    <div className="space-y-3">
      <TextareaField
        label="System prompt"
        value={parameters.systemPrompt}
        onChange={(event) => set({ systemPrompt: event.target.value })}
        rows={4}
        disabled={disabled}
        placeholder="You are a helpful assistant."
      />
      <div className="grid grid-cols-2 gap-3">
        {NUMBERS.map(({ key, label, hint, inputMode }) => (
          <TextField
            key={key}
            label={label}
            hint={hint}
            inputMode={inputMode}
            value={parameters[key]}
            onChange={(event) => set({ [key]: event.target.value })}
            error={errors[key]}
            disabled={disabled}
          />
        ))}
      </div>
    </div>
  );
}
