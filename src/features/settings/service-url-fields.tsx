import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { URL_FIELDS } from "@/api/connection";
import { SETTINGS, type ServiceUrls } from "@/connection/settings-registry";
import type { FieldMessages } from "./settings-validation";

/** The services' base addresses, each with its default shown as the hint. */
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
  const usingDefaults = URL_FIELDS.every((field) => values[field] === defaults[field]);
  return (
    <>
      {URL_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`settings-${field}`}
          name={field}
          label={SETTINGS[field].label}
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
