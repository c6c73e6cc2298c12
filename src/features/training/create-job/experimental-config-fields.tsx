import { TextField } from "@/components/text-field";
import { TextareaField } from "@/components/textarea-field";
import type { ConfigInput } from "./experimental-config";

/** Learning rate plus any other experimental_config values, as a JSON object. */
export function ExperimentalConfigFields({
  value,
  onChange,
  errors,
  learningRateHint,
}: {
  value: ConfigInput;
  onChange: (next: ConfigInput) => void;
  errors: { learningRate?: string | null; extraJson?: string | null };
  learningRateHint: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-[14rem_1fr]">
      <TextField
        label="Learning rate"
        hint={learningRateHint}
        value={value.learningRate}
        onChange={(event) => onChange({ ...value, learningRate: event.target.value })}
        error={errors.learningRate}
        inputMode="decimal"
        placeholder="1e-5"
        autoComplete="off"
      />
      <TextareaField
        label={
          <>
            Other experimental settings <span className="font-normal text-fg-muted">(optional)</span>
          </>
        }
        hint={
          <>
            A JSON object sent as <code className="font-mono">experimental_config</code>, e.g. {'{"warmup_steps": 10}'}.
          </>
        }
        error={errors.extraJson}
        value={value.extraJson}
        onChange={(event) => onChange({ ...value, extraJson: event.target.value })}
        rows={2}
        spellCheck={false}
        textareaClassName="font-mono text-xs"
      />
    </div>
  );
}
