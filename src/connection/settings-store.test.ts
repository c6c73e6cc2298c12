import { describe, expect, it, vi } from "vitest";
import type { ConnectionSettings } from "@/api/connection";
import { connectionIdentity, createSettingsStore } from "./settings-store";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "./settings-storage";
import { WANDB_SERVICE_URLS } from "./settings-defaults";

const defaults = WANDB_SERVICE_URLS;
const connection = (overrides: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
  apiKey: "key-123",
  ...defaults,
  annotationProject: "demo/support-bot",
  inferenceProject: "",
  ...overrides,
});

describe("settings store", () => {
  it("starts from the defaults with no key when nothing is stored", () => {
    const store = createSettingsStore({ defaults });
    expect(store.getSnapshot().connection).toEqual({
      apiKey: "",
      ...defaults,
      annotationProject: "",
      inferenceProject: "",
    });
    expect(store.getSnapshot().keyStorage).toBe("session");
  });

  it("remembers the key on this device in localStorage only", () => {
    const store = createSettingsStore({ defaults });
    store.save(connection(), "local");
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBe("key-123");
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    // A new page load (a new store) finds it again.
    const reloaded = createSettingsStore({ defaults });
    expect(reloaded.getSnapshot().connection.apiKey).toBe("key-123");
    expect(reloaded.getSnapshot().keyStorage).toBe("local");
  });

  it("keeps a tab-only key in sessionStorage, never in localStorage", () => {
    const store = createSettingsStore({ defaults });
    store.save(connection(), "session");
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBe("key-123");
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PREFERENCES_STORAGE_KEY)).not.toContain("key-123");
    expect(createSettingsStore({ defaults }).getSnapshot().keyStorage).toBe("session");
  });

  it("moves the key when the storage mode changes, removing the other copy", () => {
    const store = createSettingsStore({ defaults });
    store.save(connection(), "local");
    store.save(connection(), "session");
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBe("key-123");
    store.save(connection(), "local");
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBe("key-123");
  });

  it("forgets the key everywhere: both storages and memory", () => {
    localStorage.setItem(API_KEY_STORAGE_KEY, "stale-copy");
    sessionStorage.setItem(API_KEY_STORAGE_KEY, "other-copy");
    const store = createSettingsStore({ defaults });
    store.forgetKey();
    expect(localStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(store.getSnapshot().connection.apiKey).toBe("");
    expect(store.getSnapshot().keyBinding).toEqual({ state: "none" });
    // Non-secret settings survive forgetting the key.
    expect(store.getSnapshot().connection.traceBaseUrl).toBe(defaults.traceBaseUrl);
  });

  it("stores only addresses that differ from the defaults, so new defaults still apply while no key is saved", () => {
    const store = createSettingsStore({ defaults });
    store.save(connection({ apiKey: "", trainingBaseUrl: "https://proxy.example.com/training/v1" }), "session");
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? "{}");
    expect(stored.trainingBaseUrl).toBe("https://proxy.example.com/training/v1");
    expect(stored.traceBaseUrl).toBeUndefined();

    const newDefaults = { ...defaults, traceBaseUrl: "http://127.0.0.1:4280/api/trace" };
    const reloaded = createSettingsStore({ defaults: newDefaults }).getSnapshot().connection;
    expect(reloaded.traceBaseUrl).toBe("http://127.0.0.1:4280/api/trace");
    expect(reloaded.trainingBaseUrl).toBe("https://proxy.example.com/training/v1");
    expect(reloaded.annotationProject).toBe("demo/support-bot");
  });

  it("ignores corrupt stored preferences instead of failing to start", () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, "{not json");
    expect(createSettingsStore({ defaults }).getSnapshot().connection.traceBaseUrl).toBe(defaults.traceBaseUrl);
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ traceBaseUrl: 42, keyStorage: "cloud" }));
    const state = createSettingsStore({ defaults }).getSnapshot();
    expect(state.connection.traceBaseUrl).toBe(defaults.traceBaseUrl);
    expect(state.keyStorage).toBe("session");
  });

  it("notifies subscribers on save and forget", () => {
    const store = createSettingsStore({ defaults });
    const listener = vi.fn<() => void>();
    const unsubscribe = store.subscribe(listener);
    store.save(connection(), "local");
    store.forgetKey();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.save(connection(), "local");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("follows a key forgotten in another tab", () => {
    const store = createSettingsStore({ defaults });
    store.save(connection(), "local");
    const listener = vi.fn<() => void>();
    store.subscribe(listener);
    localStorage.removeItem(API_KEY_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: API_KEY_STORAGE_KEY }));
    expect(store.getSnapshot().connection.apiKey).toBe("");
    expect(listener).toHaveBeenCalledOnce();
  });

  it("reports when the browser refuses to store, keeping the settings in memory", () => {
    const refusing: Storage = Object.assign(Object.create(Storage.prototype), {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
      removeItem: () => undefined,
    });
    const store = createSettingsStore({ defaults, storage: { local: refusing, session: refusing } });
    const state = store.save(connection(), "local");
    expect(state.persisted).toBe(false);
    expect(store.getSnapshot().connection.apiKey).toBe("key-123");
  });
});

describe("connectionIdentity", () => {
  it("changes with the key or an address, not with the projects", () => {
    const base = connectionIdentity(connection());
    expect(connectionIdentity(connection({ apiKey: "other" }))).not.toBe(base);
    expect(connectionIdentity(connection({ inferenceBaseUrl: "https://x.example/v1" }))).not.toBe(base);
    expect(connectionIdentity(connection({ annotationProject: "acme/x" }))).toBe(base);
  });
});
