import { describe, expect, it } from "vitest";
import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import { WANDB_SERVICE_URLS, resolveDefaultUrls } from "./settings-defaults";
import { SETTINGS, SETTINGS_FIELDS, TEXT_SETTING_FIELDS, urlsFrom } from "./settings-registry";
import { createSettingsStore } from "./settings-store";
import { PREFERENCES_STORAGE_KEY } from "./settings-storage";

/** A value every setting accepts, different from its default. */
const chosen = Object.fromEntries(
  SETTINGS_FIELDS.map((field) => {
    const kind = SETTINGS[field].kind;
    const value = kind === "serviceUrl" ? `https://${field.toLowerCase()}.example.com` : `team/${field}`;
    return [field, kind === "secret" ? "key-123" : value];
  }),
) as ConnectionSettings;

describe("the settings registry", () => {
  it("declares every connection setting, in form order", () => {
    expect(SETTINGS_FIELDS).toEqual(["apiKey", ...URL_FIELDS, ...TEXT_SETTING_FIELDS]);
  });

  it("is where the defaults come from: W&B's addresses and each one's build-time variable", () => {
    expect(WANDB_SERVICE_URLS).toEqual({
      traceBaseUrl: "https://trace.wandb.ai",
      trainingBaseUrl: "https://api.training.wandb.ai/v1",
      inferenceBaseUrl: "https://api.inference.wandb.ai/v1",
      wandbApiBaseUrl: "https://api.wandb.ai",
    });
    const fromEnv = urlsFrom((field) => `https://env.example.com/${field}`);
    const env = Object.fromEntries(URL_FIELDS.map((field) => [SETTINGS[field].env, fromEnv[field]]));
    expect(resolveDefaultUrls(null, env, "http://127.0.0.1")).toEqual(fromEnv);
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
