import { ProjectId } from "@contract/common";
import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import { checkServiceUrl } from "@/lib/service-url";

export type SettingsField = keyof ConnectionSettings;
export type FieldMessages = Partial<Record<SettingsField, string>>;

export type SettingsCheck = {
  /** Trimmed values, ready to save or test; only meaningful when `errors` is empty. */
  values: ConnectionSettings;
  errors: FieldMessages;
  warnings: FieldMessages;
};

/** Form order, so focus can go to the first field with an error. */
export const SETTINGS_FIELD_ORDER: readonly SettingsField[] = [
  "apiKey",
  "traceBaseUrl",
  "trainingBaseUrl",
  "inferenceBaseUrl",
  "wandbApiBaseUrl",
  "annotationProject",
  "inferenceProject",
];

// A key travels in an HTTP header: printable ASCII only, no spaces.
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/**
 * Checks what the settings form holds. A key is optional for saving (addresses can be set first)
 * but required for testing the connection. Addresses of the OpenAI-style services that do not
 * end in /v1 only warn: a proxy may map them differently.
 */
export function validateSettings(form: ConnectionSettings, options: { requireKey?: boolean } = {}): SettingsCheck {
  const errors: FieldMessages = {};
  const warnings: FieldMessages = {};
  const values: ConnectionSettings = { ...form };

  values.apiKey = form.apiKey.trim();
  if (!values.apiKey) {
    if (options.requireKey) errors.apiKey = "Enter an API key to test the connection.";
  } else if (!KEY_PATTERN.test(values.apiKey)) {
    errors.apiKey = "The key has spaces or other characters a key cannot have: paste the key only.";
  }

  for (const field of URL_FIELDS) {
    const check = checkServiceUrl(form[field], { expectV1: field === "trainingBaseUrl" || field === "inferenceBaseUrl" });
    if (!check.ok) {
      errors[field] = check.error;
      continue;
    }
    values[field] = check.value;
    if (check.warning) warnings[field] = check.warning;
  }

  values.annotationProject = form.annotationProject.trim();
  if (values.annotationProject && !ProjectId.safeParse(values.annotationProject).success) {
    errors.annotationProject = "Use the form entity/project, e.g. demo/support-bot.";
  }

  values.inferenceProject = form.inferenceProject.trim();
  if (values.inferenceProject && !ProjectId.safeParse(values.inferenceProject).success) {
    errors.inferenceProject = "Use the form team/project, or leave it empty.";
  }

  return { values, errors, warnings };
}

export function firstInvalidField(errors: FieldMessages): SettingsField | undefined {
  return SETTINGS_FIELD_ORDER.find((field) => errors[field]);
}
