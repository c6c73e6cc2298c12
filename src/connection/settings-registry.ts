import { URL_FIELDS, type ConnectionSettings, type ServiceUrlField } from "@/api/connection";

/**
 * Every connection setting, declared once, in the order the settings form shows them. The store,
 * its storage, the defaults, /config.json's schema, the form's validation and its fields are all
 * derived from these entries; a setting's kind says how:
 *
 * - "secret" (the API key): kept in one storage area of the user's choice (`wbops.apiKey`), with
 *   the addresses it was saved for; never in `wbops.settings`. Checked: printable ASCII, no spaces.
 * - "serviceUrl": a service's base address. Stored in `wbops.settings` only when it differs from
 *   the default, which comes from /config.json, then the build-time `env` variable, then
 *   `wandbDefault`; saved beside the key as one of the addresses it may go to. Checked by
 *   lib/service-url.ts (a missing /v1 only warns when `expectV1`).
 * - "text": free text, trimmed, stored in `wbops.settings` ("" when unset). With `rule`, a non-empty
 *   value must satisfy it (`message` says how); `suggest: "projects"` offers the key's projects.
 *
 * This module is read by boot.ts's first request (through the store), so it holds data only: the
 * checks that need the contract's schemas live with the form (features/settings/settings-validation.ts).
 */
export const SETTINGS = {
  apiKey: {
    kind: "secret",
    label: "API key",
    missingMessage: "Enter an API key to test the connection.",
    invalidMessage: "The key has spaces or other characters a key cannot have: paste the key only.",
  },
  traceBaseUrl: {
    kind: "serviceUrl",
    label: "Annotation queue service URL",
    wandbDefault: "https://trace.wandb.ai",
    env: "VITE_TRACE_BASE_URL",
    expectV1: false,
  },
  trainingBaseUrl: {
    kind: "serviceUrl",
    label: "Training service URL",
    wandbDefault: "https://api.training.wandb.ai/v1",
    env: "VITE_TRAINING_BASE_URL",
    expectV1: true,
  },
  inferenceBaseUrl: {
    kind: "serviceUrl",
    label: "Inference service URL",
    wandbDefault: "https://api.inference.wandb.ai/v1",
    env: "VITE_INFERENCE_BASE_URL",
    expectV1: true,
  },
  wandbApiBaseUrl: {
    kind: "serviceUrl",
    label: "W&B API URL (who you are, your projects)",
    wandbDefault: "https://api.wandb.ai",
    env: "VITE_WANDB_API_BASE_URL",
    expectV1: false,
  },
  annotationProject: {
    kind: "text",
    label: "Annotation project",
    hint: "entity/project whose annotation queues are shown, e.g. demo/support-bot.",
    hintWithSuggestions: "entity/project whose annotation queues are shown: pick one of your projects or type another.",
    rule: "projectId",
    message: "Use the form entity/project, e.g. demo/support-bot.",
    suggest: "projects",
  },
  inferenceProject: {
    kind: "text",
    label: "Inference project (OpenAI-Project header)",
    hint: "Optional team/project for usage tracking on the inference service.",
    rule: "projectId",
    message: "Use the form team/project, or leave it empty.",
    suggest: "projects",
  },
} as const satisfies { [K in keyof ConnectionSettings]: SettingSpec<K> };

/** A named check of a text setting (features/settings/settings-validation.ts implements each). */
export type TextRule = "projectId";

type SettingSpec<K> = K extends ServiceUrlField ? ServiceUrlSettingSpec : SecretSettingSpec | TextSettingSpec;

type ServiceUrlSettingSpec = {
  kind: "serviceUrl";
  label: string;
  wandbDefault: string;
  env: `VITE_${string}`;
  expectV1: boolean;
};
type SecretSettingSpec = { kind: "secret"; label: string; missingMessage: string; invalidMessage: string };
/** What a text setting may declare (read through this type: `as const` entries omit what they leave out). */
export type TextSettingSpec = {
  kind: "text";
  label: string;
  /** Under the field; `hintWithSuggestions` instead while suggestions are offered. */
  hint: string;
  hintWithSuggestions?: string;
  suggest?: "projects";
} & ({ rule: TextRule; message: string } | { rule?: undefined; message?: undefined });

export type SettingsField = keyof typeof SETTINGS;
type Settings = typeof SETTINGS;
export type TextSettingField = { [K in SettingsField]: Settings[K]["kind"] extends "text" ? K : never }[SettingsField];

/** Every setting, in form order. */
export const SETTINGS_FIELDS = Object.keys(SETTINGS) as SettingsField[];
export const TEXT_SETTING_FIELDS = SETTINGS_FIELDS.filter(
  (field): field is TextSettingField => SETTINGS[field].kind === "text",
);

export type ServiceUrls = Pick<ConnectionSettings, ServiceUrlField>;

/** One value per service address, in the services' order. */
export const urlsFrom = <T>(value: (field: ServiceUrlField) => T): Record<ServiceUrlField, T> =>
  Object.fromEntries(URL_FIELDS.map((field) => [field, value(field)])) as Record<ServiceUrlField, T>;

/** One value per text setting, in form order. */
export const textSettingsFrom = <T>(value: (field: TextSettingField) => T): Record<TextSettingField, T> =>
  Object.fromEntries(TEXT_SETTING_FIELDS.map((field) => [field, value(field)])) as Record<TextSettingField, T>;
