import { URL_FIELDS, type ConnectionSettings } from "@/api/connection";
import { SETTINGS_FIELDS, textSettingsFrom, urlsFrom } from "./settings-registry";
import { browserStorage } from "@/lib/browser-storage";
import type { ConfigStatus } from "./runtime-config";
import {
  API_KEY_STORAGE_KEY,
  KEY_ADDRESSES_STORAGE_KEY,
  PREFERENCES_STORAGE_KEY,
  readApiKey,
  readPreferences,
  removeApiKey,
  writeApiKey,
  writeKeyAddresses,
  writePreferences,
  type KeyStorageMode,
  type ServiceUrls,
  type StorageAreas,
} from "./settings-storage";
import { storageListeners } from "@/lib/storage-listeners";

/**
 * Where the saved key goes.
 * - "bound": only to the addresses saved with it (every key saved by this version).
 * - "unbound": a key an older version stored without addresses, on a deployment without
 *   /config.json: to the default addresses, as that version sent it.
 * - "held": such a key while /config.json could not be read: the defaults in use are a fallback,
 *   not where the key was used, so it is not sent at all (connection.apiKey is "") until the
 *   config is read or the user saves it with addresses in Settings. `apiKey` is for that form only.
 */
export type KeyBinding =
  | { state: "none" }
  | { state: "bound"; addresses: ServiceUrls }
  | { state: "unbound" }
  | { state: "held"; apiKey: string };

export type SettingsState = {
  /** What the API clients use: a held key is not in it. */
  connection: ConnectionSettings;
  keyStorage: KeyStorageMode;
  /** The addresses used when the user has not chosen others (config.json, build env, or W&B's). */
  defaults: ServiceUrls;
  keyBinding: KeyBinding;
  /** False when the browser refused to store the last save: it then lives in this page only. */
  persisted: boolean;
};

export type SettingsStore = {
  getSnapshot(): SettingsState;
  subscribe(listener: () => void): () => void;
  /** Saves the settings; a key is saved with the connection's addresses, the only ones it will be sent to. */
  save(connection: ConnectionSettings, keyStorage: KeyStorageMode): SettingsState;
  /** Removes the key (and its addresses) from memory, localStorage and sessionStorage. */
  forgetKey(): void;
  /** New defaults from /config.json read again (Retry), and whether it was read. */
  applyConfig(defaults: ServiceUrls, configStatus: ConfigStatus): void;
};

const urlsOf = (source: ServiceUrls): ServiceUrls => urlsFrom((field) => source[field]);

/**
 * The settings as stored, over these defaults. (createSettingsStore keeps them; boot.ts only reads
 * them.) `configStatus` is what reading /config.json came to: a key stored without addresses is
 * held while it "failed".
 */
export function readSettingsState(
  areas: StorageAreas,
  defaults: ServiceUrls,
  configStatus: ConfigStatus = "read",
): SettingsState {
  const preferences = readPreferences(areas);
  const key = readApiKey(areas);
  const chosen: ServiceUrls = urlsFrom((field) => preferences[field] || defaults[field]);
  const keyBinding: KeyBinding = !key
    ? { state: "none" }
    : key.addresses
      ? { state: "bound", addresses: key.addresses }
      : configStatus === "failed"
        ? { state: "held", apiKey: key.apiKey }
        : { state: "unbound" };
  const urls = keyBinding.state === "bound" ? keyBinding.addresses : chosen;
  return {
    connection: {
      apiKey: key && keyBinding.state !== "held" ? key.apiKey : "",
      ...urls,
      ...textSettingsFrom((field) => preferences[field]),
    },
    keyStorage: key?.mode ?? preferences.keyStorage,
    defaults,
    keyBinding,
    persisted: true,
  };
}

/**
 * A key an older version stored without addresses, once /config.json has been read: it went to
 * the addresses now in effect, so they are kept with it from here on, and a later failure to read
 * the config (or a host that stops serving it) cannot send it anywhere else.
 */
function bindWhereItGoes(areas: StorageAreas, state: SettingsState, configStatus: ConfigStatus): SettingsState {
  if (state.keyBinding.state !== "unbound" || configStatus !== "read") return state;
  const addresses = urlsOf(state.connection);
  writeKeyAddresses(areas, state.connection.apiKey, state.keyStorage, addresses);
  return { ...state, keyBinding: { state: "bound", addresses } };
}

/**
 * The connection settings, read from browser storage once and kept in memory; React reads them
 * with useSyncExternalStore. The key is kept in one storage area only (see settings-storage.ts),
 * with the addresses it was saved for, and never leaves this module except as part of the settings
 * handed to the API clients, which carry it to those addresses only.
 */
export function createSettingsStore(options: {
  defaults: ServiceUrls;
  storage?: StorageAreas;
  configStatus?: ConfigStatus;
}): SettingsStore {
  const areas = options.storage ?? browserStorage();
  let defaults = options.defaults;
  let configStatus: ConfigStatus = options.configStatus ?? "read";
  const readState = () => bindWhereItGoes(areas, readSettingsState(areas, defaults, configStatus), configStatus);
  let state = readState();

  // Another tab remembered or forgot a key, or changed an address: follow it. A tab-only key
  // of this tab stays, as sessionStorage is not shared.
  const listeners = storageListeners((event) => {
    if (
      event.key !== null &&
      event.key !== API_KEY_STORAGE_KEY &&
      event.key !== KEY_ADDRESSES_STORAGE_KEY &&
      event.key !== PREFERENCES_STORAGE_KEY
    )
      return;
    const next = readState();
    if (!sameSettings(next, state)) publish(next);
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
        if (connection[field] !== defaults[field]) urls[field] = connection[field];
      }
      const preferencesStored = writePreferences(areas, {
        ...urls,
        ...textSettingsFrom((field) => connection[field]),
        keyStorage,
      });
      // Saving is the user's word on where the key goes: the addresses on the form go with it.
      const addresses = urlsOf(connection);
      const keyStored = writeApiKey(areas, connection.apiKey, keyStorage, addresses);
      const keyBinding: KeyBinding = connection.apiKey ? { state: "bound", addresses } : { state: "none" };
      publish({
        connection: { ...connection },
        keyStorage,
        defaults,
        keyBinding,
        persisted: preferencesStored && keyStored,
      });
      return state;
    },
    forgetKey() {
      removeApiKey(areas);
      publish({ ...state, connection: { ...state.connection, apiKey: "" }, keyBinding: { state: "none" } });
    },
    applyConfig(nextDefaults, nextStatus) {
      defaults = nextDefaults;
      configStatus = nextStatus;
      // Settings the browser refused to store live only in memory: keep them, with the new defaults.
      const next = state.persisted ? readState() : { ...state, defaults };
      if (!sameSettings(next, state) || next.defaults !== state.defaults) publish(next);
    },
  };
}

function sameSettings(a: SettingsState, b: SettingsState): boolean {
  return (
    a.keyStorage === b.keyStorage &&
    a.keyBinding.state === b.keyBinding.state &&
    SETTINGS_FIELDS.every((f) => a.connection[f] === b.connection[f])
  );
}

/**
 * Who and where the API clients talk to. When it changes, cached server data belongs to another
 * account or deployment and must go. Compared in memory only; never logged or stored.
 */
export function connectionIdentity(connection: ConnectionSettings): string {
  return JSON.stringify([connection.apiKey, ...URL_FIELDS.map((f) => connection[f])]);
}
