import { describe, expect, it } from "vitest";
import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import { WANDB_SERVICE_URLS, resolveDefaultUrls } from "./settings-defaults";
import { SETTINGS, SETTINGS_FIELDS, TEXT_SETTING_FIELDS } from "./settings-registry";
import { createSettingsStore } from "./settings-store";
import { PREFERENCES_STORAGE_KEY } from "./settings-storage";

/** A value every setting accepts, different from its default. */
const chosen = Object.fromEntries(
  SETTINGS_FIELDS.map((field) => {
    const kind = SETTINGS[field].kind;
    return [field, kind === "serviceUrl" ? `https://${field.toLowerCase()}.example.com` : kind === "text" ? `team/${field}` : "key-123"];
  }),
) as ConnectionSettings;

describe("the settings registry", () => {
  it("declares every connection setting, in form order", () => {
    expect(SETTINGS_FIELDS).toEqual(["apiKey", ...URL_FIELDS, ...TEXT_SETTING_FIELDS]);
  });

  it("is where the defaults come from: W&B's addresses and each one's build-time variable", () => {
    expect(WANDB_SERVICE_URLS).toEqual(Object.fromEntries(URL_FIELDS.map((field) => [field, SETTINGS[field].wandbDefault])));
    const env = Object.fromEntries(URL_FIELDS.map((field) => [SETTINGS[field].env, `https://env.example.com/${field}`]));
    expect(resolveDefaultUrls(null, env, "http://127.0.0.1")).toEqual(Object.fromEntries(URL_FIELDS.map((field) => [field, `https://env.example.com/${field}`])));
  });

  it("stores every setting and reads it back on the next load", () => {
    createSettingsStore({ defaults: WANDB_SERVICE_URLS }).save(chosen, "local");
    expect(createSettingsStore({ defaults: WANDB_SERVICE_URLS }).getSnapshot().connection).toEqual(chosen);
  });

  it("reads a text setting missing from storage as empty", () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ keyStorage: "local" }));
    const { connection } = createSettingsStore({ defaults: WANDB_SERVICE_URLS }).getSnapshot();
    for (const field of TEXT_SETTING_FIELDS) expect(connection[field]).toBe("");
  });
});
