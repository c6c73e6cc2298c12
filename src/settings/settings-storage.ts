import * as z from "zod/mini";
import { readItem, removeItem, writeItem, type StorageArea } from "@/lib/browser-storage";
import type { ConnectionSettings, ServiceUrlField } from "@/api/connection";

/** "local": remembered on this device (localStorage); "session": this tab only (sessionStorage). */
export type KeyStorageMode = "local" | "session";

export type ServiceUrls = Pick<ConnectionSettings, ServiceUrlField>;

export const API_KEY_STORAGE_KEY = "wbops.apiKey";
export const PREFERENCES_STORAGE_KEY = "wbops.settings";

/**
 * The non-secret settings as stored. A URL is stored only when the user chose one different
 * from the default, so a changed default (a new config.json) still reaches everyone else.
 */
const optionalString = z.catch(z.optional(z.string()), undefined);
const StoredPreferences = z.object({
  traceBaseUrl: optionalString,
  trainingBaseUrl: optionalString,
  inferenceBaseUrl: optionalString,
  wandbApiBaseUrl: optionalString,
  annotationProject: z.catch(z.string(), ""),
  inferenceProject: z.catch(z.string(), ""),
  keyStorage: z.catch(z.enum(["local", "session"]), "session"),
});
export type StoredPreferences = z.infer<typeof StoredPreferences>;

const EMPTY_PREFERENCES: StoredPreferences = { annotationProject: "", inferenceProject: "", keyStorage: "session" };

export type StorageAreas = { local: StorageArea | undefined; session: StorageArea | undefined };

export function readPreferences(areas: StorageAreas): StoredPreferences {
  const raw = readItem(areas.local, PREFERENCES_STORAGE_KEY);
  if (!raw) return EMPTY_PREFERENCES;
  try {
    const parsed = z.safeParse(StoredPreferences, JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_PREFERENCES;
  } catch {
    return EMPTY_PREFERENCES;
  }
}

export function writePreferences(areas: StorageAreas, preferences: StoredPreferences): boolean {
  return writeItem(areas.local, PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
}

/** The stored key and where it was found; a remembered key wins over a tab-only one. */
export function readApiKey(areas: StorageAreas): { apiKey: string; mode: KeyStorageMode } | null {
  const remembered = readItem(areas.local, API_KEY_STORAGE_KEY);
  if (remembered) return { apiKey: remembered, mode: "local" };
  const tabOnly = readItem(areas.session, API_KEY_STORAGE_KEY);
  if (tabOnly) return { apiKey: tabOnly, mode: "session" };
  return null;
}

/** Stores the key in exactly one place: writing to one area removes the copy in the other. */
export function writeApiKey(areas: StorageAreas, apiKey: string, mode: KeyStorageMode): boolean {
  if (!apiKey) {
    removeApiKey(areas);
    return true;
  }
  const [target, other] = mode === "local" ? [areas.local, areas.session] : [areas.session, areas.local];
  removeItem(other, API_KEY_STORAGE_KEY);
  return writeItem(target, API_KEY_STORAGE_KEY, apiKey);
}

export function removeApiKey(areas: StorageAreas): void {
  removeItem(areas.local, API_KEY_STORAGE_KEY);
  removeItem(areas.session, API_KEY_STORAGE_KEY);
}
