import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import type { ServiceUrls } from "@/settings/settings-storage";
import type { FieldMessages } from "./settings-validation";

const FIELDS: Array<{ field: keyof ServiceUrls; label: string }> = [
  { field: "traceBaseUrl", label: "Annotation queue service URL" },
  { field: "trainingBaseUrl", label: "Training service URL" },
  { field: "inferenceBaseUrl", label: "Inference service URL" },
  { field: "wandbApiBaseUrl", label: "W&B API URL (who you are, your projects)" },
];

/** The three base addresses, each with its default shown as the hint. */
export function ServiceUrlFields({
  values,
  defaults,
  errors,
  warnings,
  onChange,
  onUseDefaults,
}: {
  values: ServiceUrls;
  defaults: ServiceUrls;
  errors: FieldMessages;
  warnings: FieldMessages;
  onChange: (field: keyof ServiceUrls, value: string) => void;
  onUseDefaults: () => void;
}) {
  const usingDefaults = FIELDS.every(({ field }) => values[field] === defaults[field]);
  return (
    <>
      {FIELDS.map(({ field, label }) => (
        <TextField
          key={field}
          id={`settings-${field}`}
          name={field}
          label={label}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          inputClassName="font-mono"
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
          hint={`Default: ${defaults[field]}`}
          error={errors[field]}
          warning={warnings[field]}
        />
      ))}
      <Button size="sm" variant="secondary" disabled={usingDefaults} onClick={onUseDefaults}>
        Use default addresses
      </Button>
    </>
  );
}
