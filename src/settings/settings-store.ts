import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import { browserStorage } from "@/lib/browser-storage";
import {
  API_KEY_STORAGE_KEY,
  PREFERENCES_STORAGE_KEY,
  readApiKey,
  readPreferences,
  removeApiKey,
  writeApiKey,
  writePreferences,
  type KeyStorageMode,
  type ServiceUrls,
  type StorageAreas,
} from "./settings-storage";
import { storageListeners } from "@/lib/storage-listeners";

export type SettingsState = {
  connection: ConnectionSettings;
  keyStorage: KeyStorageMode;
  /** The addresses used when the user has not chosen others (config.json, build env, or W&B's). */
  defaults: ServiceUrls;
  /** False when the browser refused to store the last save: it then lives in this page only. */
  persisted: boolean;
};

export type SettingsStore = {
  getSnapshot(): SettingsState;
  subscribe(listener: () => void): () => void;
  save(connection: ConnectionSettings, keyStorage: KeyStorageMode): SettingsState;
  /** Removes the key from memory, localStorage and sessionStorage. */
  forgetKey(): void;
};

/** The settings as stored, over these defaults. (createSettingsStore keeps them; boot.ts only reads them.) */
export function readSettingsState(areas: StorageAreas, defaults: ServiceUrls): SettingsState {
  const preferences = readPreferences(areas);
  const key = readApiKey(areas);
  return {
    connection: {
      apiKey: key?.apiKey ?? "",
      traceBaseUrl: preferences.traceBaseUrl || defaults.traceBaseUrl,
      trainingBaseUrl: preferences.trainingBaseUrl || defaults.trainingBaseUrl,
      inferenceBaseUrl: preferences.inferenceBaseUrl || defaults.inferenceBaseUrl,
      wandbApiBaseUrl: preferences.wandbApiBaseUrl || defaults.wandbApiBaseUrl,
      annotationProject: preferences.annotationProject,
      inferenceProject: preferences.inferenceProject,
    },
    keyStorage: key?.mode ?? preferences.keyStorage,
    defaults,
    persisted: true,
  };
}

/**
 * The connection settings, read from browser storage once and kept in memory; React reads them
 * with useSyncExternalStore. The key is kept in one storage area only (see settings-storage.ts)
 * and never leaves this module except as part of the settings handed to the API clients.
 */
export function createSettingsStore(options: { defaults: ServiceUrls; storage?: StorageAreas }): SettingsStore {
  const areas = options.storage ?? browserStorage();
  let state = readSettingsState(areas, options.defaults);

  // Another tab remembered or forgot a key, or changed an address: follow it. A tab-only key
  // of this tab stays, as sessionStorage is not shared.
  const listeners = storageListeners((event) => {
    if (event.key !== null && event.key !== API_KEY_STORAGE_KEY && event.key !== PREFERENCES_STORAGE_KEY) return;
    const next = readSettingsState(areas, options.defaults);
    const sameKey = next.connection.apiKey === state.connection.apiKey && next.keyStorage === state.keyStorage;
    const sameRest = URL_FIELDS.every((f) => next.connection[f] === state.connection[f]) &&
      next.connection.annotationProject === state.connection.annotationProject &&
      next.connection.inferenceProject === state.connection.inferenceProject;
    if (!sameKey || !sameRest) publish(next);
  });
  const publish = (next: SettingsState) => {
    state = next;
    listeners.notify();
  };

  return {
    getSnapshot: () => state,
    subscribe: listeners.subscribe,
    save(connection, keyStorage) {
      const urls: Partial<ServiceUrls> = {};
      for (const field of URL_FIELDS) {
        if (connection[field] !== options.defaults[field]) urls[field] = connection[field];
      }
      const preferencesStored = writePreferences(areas, {
        ...urls,
        annotationProject: connection.annotationProject,
        inferenceProject: connection.inferenceProject,
        keyStorage,
      });
      const keyStored = writeApiKey(areas, connection.apiKey, keyStorage);
      publish({ connection: { ...connection }, keyStorage, defaults: options.defaults, persisted: preferencesStored && keyStored });
      return state;
    },
    forgetKey() {
      removeApiKey(areas);
      publish({ ...state, connection: { ...state.connection, apiKey: "" } });
    },
  };
}

/**
 * Who and where the API clients talk to. When it changes, cached server data belongs to another
 * account or deployment and must go. Compared in memory only; never logged or stored.
 */
export function connectionIdentity(connection: ConnectionSettings): string {
  return JSON.stringify([connection.apiKey, ...URL_FIELDS.map((f) => connection[f])]);
}
