import { ProjectId } from "@contract/common";
import type { ConnectionSettings } from "@/api/connection";
import { checkServiceUrl } from "@/lib/service-url";
import {
  SETTINGS,
  SETTINGS_FIELDS,
  type SettingsField,
  type TextRule,
  type TextSettingSpec,
} from "@/connection/settings-registry";

export type { SettingsField } from "@/connection/settings-registry";
export type FieldMessages = Partial<Record<SettingsField, string>>;

export type SettingsCheck = {
  /** Trimmed values, ready to save or test; only meaningful when `errors` is empty. */
  values: ConnectionSettings;
  errors: FieldMessages;
  warnings: FieldMessages;
};

// A key travels in an HTTP header: printable ASCII only, no spaces.
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The text settings' named rules (settings-registry.ts): whether a non-empty value passes. */
const TEXT_RULES: Record<TextRule, (value: string) => boolean> = {
  projectId: (value) => ProjectId.safeParse(value).success,
};

type FieldCheck = { value: string; error?: string; warning?: string };

/** One setting's check, by its kind (settings-registry.ts describes each kind). */
function checkField(field: SettingsField, raw: string, requireKey: boolean): FieldCheck {
  const setting = SETTINGS[field];
  switch (setting.kind) {
    case "secret": {
      const value = raw.trim();
      if (!value) return { value, error: requireKey ? setting.missingMessage : undefined };
      return { value, error: KEY_PATTERN.test(value) ? undefined : setting.invalidMessage };
    }
    case "serviceUrl": {
      const check = checkServiceUrl(raw, { expectV1: setting.expectV1 });
      return check.ok ? { value: check.value, warning: check.warning } : { value: raw, error: check.error };
    }
    case "text": {
      const value = raw.trim();
      const text: TextSettingSpec = setting;
      return { value, error: value && text.rule && !TEXT_RULES[text.rule](value) ? text.message : undefined };
    }
  }
}

/**
 * Checks what the settings form holds. A key is optional for saving (addresses can be set first)
 * but required for testing the connection. Addresses of the OpenAI-style services that do not
 * end in /v1 only warn: a proxy may map them differently.
 */
export function validateSettings(form: ConnectionSettings, options: { requireKey?: boolean } = {}): SettingsCheck {
  const errors: FieldMessages = {};
  const warnings: FieldMessages = {};
  const values: ConnectionSettings = { ...form };
  for (const field of SETTINGS_FIELDS) {
    const check = checkField(field, form[field], options.requireKey ?? false);
    values[field] = check.value;
    if (check.error) errors[field] = check.error;
    if (check.warning) warnings[field] = check.warning;
  }
  return { values, errors, warnings };
}

/** The first field with an error in form order, so focus can go to it. */
export function firstInvalidField(errors: FieldMessages): SettingsField | undefined {
  return SETTINGS_FIELDS.find((field) => errors[field]);
}
