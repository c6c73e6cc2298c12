import { readItem, removeItem, writeItem, type StorageArea } from "@/lib/browser-storage";
import { keyFingerprint } from "@/api/auth";
import { isJsonObject } from "@/lib/json-object";
import { textSettingsFrom, urlsFrom, type ServiceUrls, type TextSettingField } from "./settings-registry";

/** "local": remembered on this device (localStorage); "session": this tab only (sessionStorage). */
export type KeyStorageMode = "local" | "session";

export type { ServiceUrls } from "./settings-registry";

export const API_KEY_STORAGE_KEY = "wbops.apiKey";
export const PREFERENCES_STORAGE_KEY = "wbops.settings";
/** The service addresses the key was saved for, in the key's own storage area (see readApiKey). */
export const KEY_ADDRESSES_STORAGE_KEY = "wbops.apiKeyAddresses";

/**
 * The non-secret settings as stored. A URL is stored only when the user chose one different
 * from the default, so a changed default (a new config.json) still reaches everyone without a
 * key; a saved key keeps its own addresses (KEY_ADDRESSES_STORAGE_KEY), which these never override.
 */
export type StoredPreferences = Partial<ServiceUrls> &
  Record<TextSettingField, string> & { keyStorage: KeyStorageMode };

const EMPTY_PREFERENCES: StoredPreferences = { ...textSettingsFrom(() => ""), keyStorage: "session" };

export type StorageAreas = { local: StorageArea | undefined; session: StorageArea | undefined };

/**
 * Stored preferences in parsed JSON, or undefined when it is no object. Tolerant: unknown fields
 * are dropped and a bad value falls back (an address to absent, a text to "", the key's storage
 * to "session"). By hand, not by a schema: boot.ts reads the settings, and carries no schema
 * library (settings-storage.test.ts holds it to the zod schema it replaced).
 */
export function parseStoredPreferences(value: unknown): StoredPreferences | undefined {
  if (!isJsonObject(value)) return undefined;
  const preferences: StoredPreferences = {
    ...textSettingsFrom((field) => (typeof value[field] === "string" ? value[field] : "")),
    keyStorage: value.keyStorage === "local" || value.keyStorage === "session" ? value.keyStorage : "session",
  };
  for (const [field, url] of Object.entries(urlsFrom((name) => value[name])))
    if (typeof url === "string") preferences[field as keyof ServiceUrls] = url;
  return preferences;
}

export function readPreferences(areas: StorageAreas): StoredPreferences {
  const raw = readItem(areas.local, PREFERENCES_STORAGE_KEY);
  if (!raw) return EMPTY_PREFERENCES;
  try {
    return parseStoredPreferences(JSON.parse(raw)) ?? EMPTY_PREFERENCES;
  } catch {
    return EMPTY_PREFERENCES;
  }
}

export function writePreferences(areas: StorageAreas, preferences: StoredPreferences): boolean {
  return writeItem(areas.local, PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
}

/**
 * The addresses a key was saved for, and which key (by fingerprint, so a key written by an older
 * version or another tool never inherits the addresses of the one before it).
 */
export function parseKeyAddresses(value: unknown): (ServiceUrls & { key: string }) | undefined {
  if (!isJsonObject(value) || typeof value.key !== "string") return undefined;
  const addresses = urlsFrom((field) => value[field]);
  if (!Object.values(addresses).every((url) => typeof url === "string")) return undefined;
  return { key: value.key, ...(addresses as ServiceUrls) };
}

function readKeyAddresses(area: StorageArea | undefined, apiKey: string): ServiceUrls | undefined {
  const raw = readItem(area, KEY_ADDRESSES_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed = parseKeyAddresses(JSON.parse(raw));
    if (!parsed || parsed.key !== keyFingerprint(apiKey)) return undefined;
    const { key: _fingerprint, ...addresses } = parsed;
    return addresses;
  } catch {
    return undefined;
  }
}

export type StoredKey = {
  apiKey: string;
  mode: KeyStorageMode;
  /** Where the key may be sent; absent for a key stored by an older version, which kept none. */
  addresses?: ServiceUrls;
};

/** The stored key, where it was found and the addresses saved with it; a remembered key wins over a tab-only one. */
export function readApiKey(areas: StorageAreas): StoredKey | null {
  const remembered = readItem(areas.local, API_KEY_STORAGE_KEY);
  if (remembered)
    return withAddresses({ apiKey: remembered, mode: "local" }, readKeyAddresses(areas.local, remembered));
  const tabOnly = readItem(areas.session, API_KEY_STORAGE_KEY);
  if (tabOnly) return withAddresses({ apiKey: tabOnly, mode: "session" }, readKeyAddresses(areas.session, tabOnly));
  return null;
}

const withAddresses = (key: StoredKey, addresses: ServiceUrls | undefined): StoredKey =>
  addresses ? { ...key, addresses } : key;

/**
 * Stores the key in exactly one place, with the addresses it may be sent to beside it: writing
 * to one area removes both from the other.
 */
export function writeApiKey(
  areas: StorageAreas,
  apiKey: string,
  mode: KeyStorageMode,
  addresses: ServiceUrls,
): boolean {
  if (!apiKey) {
    removeApiKey(areas);
    return true;
  }
  const [target, other] = mode === "local" ? [areas.local, areas.session] : [areas.session, areas.local];
  removeItem(other, API_KEY_STORAGE_KEY);
  removeItem(other, KEY_ADDRESSES_STORAGE_KEY);
  return writeItem(target, API_KEY_STORAGE_KEY, apiKey) && writeKeyAddresses(areas, apiKey, mode, addresses);
}

/** Keeps `addresses` with the stored key (an older version's key, bound where it was going). */
export function writeKeyAddresses(
  areas: StorageAreas,
  apiKey: string,
  mode: KeyStorageMode,
  addresses: ServiceUrls,
): boolean {
  const target = mode === "local" ? areas.local : areas.session;
  const stored = { key: keyFingerprint(apiKey), ...urlsFrom((field) => addresses[field]) };
  return writeItem(target, KEY_ADDRESSES_STORAGE_KEY, JSON.stringify(stored));
}

export function removeApiKey(areas: StorageAreas): void {
  for (const area of [areas.local, areas.session]) {
    removeItem(area, API_KEY_STORAGE_KEY);
    removeItem(area, KEY_ADDRESSES_STORAGE_KEY);
  }
}
