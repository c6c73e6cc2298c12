import { TextField } from "@/components/text-field";
import { SETTINGS, type TextSettingField, type TextSettingSpec } from "@/connection/settings-registry";

/**
 * A text setting's input, as settings-registry.ts declares it: its label, its hint, and the list of
 * suggestions when it asks for one and there are any (`suggestionsId` names the form's datalist).
 */
export function TextSettingField({
  field,
  value,
  onChange,
  error,
  suggestionsId,
}: {
  field: TextSettingField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  suggestionsId: string | undefined;
}) {
  const setting: TextSettingSpec = SETTINGS[field];
  const list = setting.suggest ? suggestionsId : undefined;
  return (
    <TextField
      id={`settings-${field}`}
      name={field}
      label={setting.label}
      hint={list && setting.hintWithSuggestions ? setting.hintWithSuggestions : setting.hint}
      list={list}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
