import { describe, expect, it, vi } from "vitest";
import type { ConnectionSettings } from "@/api/connection";
import { createSettingsStore, readSettingsState } from "./settings-store";
import {
  API_KEY_STORAGE_KEY,
  KEY_ADDRESSES_STORAGE_KEY,
  PREFERENCES_STORAGE_KEY,
  type ServiceUrls,
} from "./settings-storage";
import { WANDB_SERVICE_URLS } from "./settings-defaults";
import { browserStorage } from "@/lib/browser-storage";

// The key goes only where it was saved for: a deployment whose /config.json failed falls back to
// other addresses (W&B's), and a saved key must not follow them there.

const DEPLOYMENT: ServiceUrls = {
  traceBaseUrl: "https://dash.example.com/api/trace",
  trainingBaseUrl: "https://dash.example.com/api/training/v1",
  inferenceBaseUrl: "https://dash.example.com/api/inference/v1",
  wandbApiBaseUrl: "https://dash.example.com/api/wandb",
};
/** The defaults when /config.json could not be read: the build's, here W&B's. */
const FALLBACK = WANDB_SERVICE_URLS;

const saved = (overrides: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
  apiKey: "key-123",
  ...DEPLOYMENT,
  annotationProject: "demo/support-bot",
  inferenceProject: "",
  ...overrides,
});

/** A key as an older version stored it: the key alone, addresses only where they differed from the defaults. */
function storeAsOlderVersion(mode: "local" | "session" = "local") {
  (mode === "local" ? localStorage : sessionStorage).setItem(API_KEY_STORAGE_KEY, "key-123");
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: "demo/support-bot", inferenceProject: "", keyStorage: mode }),
  );
}

describe("a saved key and its addresses", () => {
  it("keeps every address in effect with the key, in the key's own storage area, even those equal to the defaults", () => {
    createSettingsStore({ defaults: DEPLOYMENT }).save(saved(), "local");
    expect(JSON.parse(localStorage.getItem(KEY_ADDRESSES_STORAGE_KEY) ?? "null")).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{8}$/),
      ...DEPLOYMENT,
    });
    expect(localStorage.getItem(KEY_ADDRESSES_STORAGE_KEY)).not.toContain("key-123");
    createSettingsStore({ defaults: DEPLOYMENT }).save(saved(), "session");
    expect(localStorage.getItem(KEY_ADDRESSES_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(KEY_ADDRESSES_STORAGE_KEY) ?? "null")).toMatchObject(DEPLOYMENT);
  });

  it("sends the key only to those addresses when the config then fails, is absent or names others", () => {
    createSettingsStore({ defaults: DEPLOYMENT }).save(saved(), "local");
    for (const configStatus of ["failed", "absent", "read"] as const) {
      const state = createSettingsStore({ defaults: FALLBACK, configStatus }).getSnapshot();
      expect({ configStatus, connection: state.connection, binding: state.keyBinding }).toEqual({
        configStatus,
        connection: saved(),
        binding: { state: "bound", addresses: DEPLOYMENT },
      });
    }
  });

  it("holds an older version's key (no addresses) while the config could not be read: not sent anywhere, and says so", () => {
    storeAsOlderVersion();
    const state = createSettingsStore({ defaults: FALLBACK, configStatus: "failed" }).getSnapshot();
    expect(state.connection.apiKey).toBe("");
    expect(state.connection.traceBaseUrl).toBe(FALLBACK.traceBaseUrl);
    expect(state.keyBinding).toEqual({ state: "held", apiKey: "key-123" });
    // boot.ts's read-only view agrees, so the first page's request is not made with it either.
    expect(readSettingsState(browserStorage(), FALLBACK, "failed").connection.apiKey).toBe("");
    // Nothing was bound to the fallback addresses.
    expect(localStorage.getItem(KEY_ADDRESSES_STORAGE_KEY)).toBeNull();
  });

  it("binds an older version's key to the addresses the config names once it is read, so a later failure keeps it there", () => {
    storeAsOlderVersion("session");
    const first = createSettingsStore({ defaults: DEPLOYMENT, configStatus: "read" }).getSnapshot();
    expect(first.keyBinding).toEqual({ state: "bound", addresses: DEPLOYMENT });
    expect(JSON.parse(sessionStorage.getItem(KEY_ADDRESSES_STORAGE_KEY) ?? "null")).toMatchObject(DEPLOYMENT);
    const later = createSettingsStore({ defaults: FALLBACK, configStatus: "failed" }).getSnapshot();
    expect(later.connection).toMatchObject({ apiKey: "key-123", ...DEPLOYMENT });
  });

  it("sends an older version's key to the defaults of a deployment that has no config, without binding it", () => {
    storeAsOlderVersion();
    const state = createSettingsStore({ defaults: FALLBACK, configStatus: "absent" }).getSnapshot();
    expect(state.keyBinding).toEqual({ state: "unbound" });
    expect(state.connection).toMatchObject({ apiKey: "key-123", ...FALLBACK });
    expect(localStorage.getItem(KEY_ADDRESSES_STORAGE_KEY)).toBeNull();
  });

  it("releases a held key when Retry reads the config, binding it to the addresses the config names", () => {
    storeAsOlderVersion();
    const store = createSettingsStore({ defaults: FALLBACK, configStatus: "failed" });
    const listener = vi.fn<() => void>();
    store.subscribe(listener);
    store.applyConfig(DEPLOYMENT, "read");
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getSnapshot().connection).toMatchObject({ apiKey: "key-123", ...DEPLOYMENT });
    expect(store.getSnapshot().keyBinding).toEqual({ state: "bound", addresses: DEPLOYMENT });
  });

  it("takes saving in Settings as the word for a held key: it goes to the addresses saved with it", () => {
    storeAsOlderVersion();
    const store = createSettingsStore({ defaults: FALLBACK, configStatus: "failed" });
    const held = store.getSnapshot().keyBinding;
    expect(held.state).toBe("held");
    store.save(saved({ apiKey: held.state === "held" ? held.apiKey : "" }), "local");
    expect(store.getSnapshot().connection).toMatchObject({ apiKey: "key-123", ...DEPLOYMENT });
    expect(createSettingsStore({ defaults: FALLBACK, configStatus: "failed" }).getSnapshot().connection).toMatchObject({
      apiKey: "key-123",
      ...DEPLOYMENT,
    });
  });

  it("ignores addresses saved for another key (one written without them replaced it): that key is an older version's", () => {
    createSettingsStore({ defaults: DEPLOYMENT }).save(saved(), "local");
    localStorage.setItem(API_KEY_STORAGE_KEY, "another-key");
    const state = createSettingsStore({ defaults: FALLBACK, configStatus: "failed" }).getSnapshot();
    expect(state.keyBinding).toEqual({ state: "held", apiKey: "another-key" });
    expect(state.connection.apiKey).toBe("");
  });

  it("forgets the addresses with the key, and keeps none for a save without a key", () => {
    const store = createSettingsStore({ defaults: DEPLOYMENT });
    store.save(saved(), "local");
    store.forgetKey();
    expect(localStorage.getItem(KEY_ADDRESSES_STORAGE_KEY)).toBeNull();
    store.save(saved(), "session");
    store.save(saved({ apiKey: "" }), "session");
    expect(sessionStorage.getItem(KEY_ADDRESSES_STORAGE_KEY)).toBeNull();
    expect(store.getSnapshot().keyBinding).toEqual({ state: "none" });
  });
});
