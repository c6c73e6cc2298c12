import { useSyncExternalStore } from "react";
import type * as z from "zod/mini";
import { browserStorage, readItem, writeItem, type StorageArea } from "./browser-storage";
import { storageListeners } from "./storage-listeners";

/**
 * A preference kept in localStorage as JSON, read through a schema (anything unreadable or of an
 * older shape reads as the fallback), shared by every component that uses it and kept in step
 * with the other tabs of this browser (the `storage` event). Storage that is disabled or full
 * never throws: the value then lives for this tab only.
 */
export type StoredValue<T> = {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
};

type Options<T> = {
  fallback: T;
  /** Brings a readable value into range (a weight clamped to 0..1). */
  normalise?: (value: T) => T;
  storage?: () => StorageArea | undefined;
};

export function createStoredValue<T>(key: string, schema: z.ZodMiniType<T>, options: Options<T>): StoredValue<T> {
  const area = options.storage ?? (() => browserStorage().local);
  const normalise = options.normalise ?? ((value: T) => value);
  const read = (raw: string | null): T => {
    if (raw === null) return options.fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? normalise(parsed.data) : options.fallback;
    } catch {
      return options.fallback;
    }
  };

  // Parsed once per stored text: the snapshot stays the same object while the text does (as
  // useSyncExternalStore needs), and a change made behind the store's back (another tab, a test)
  // is read on the next render. Where the browser refused to store a value, it lives here alone.
  let lastRaw: string | null | undefined;
  let value: T = options.fallback;
  let memoryOnly = false;
  const listeners = storageListeners((event) => {
    if (event.key === key || event.key === null) listeners.notify();
  });

  const get = (): T => {
    if (memoryOnly) return value;
    const raw = readItem(area(), key);
    if (raw !== lastRaw) {
      lastRaw = raw;
      value = read(raw);
    }
    return value;
  };

  return {
    get,
    set(next) {
      value = normalise(typeof next === "function" ? (next as (current: T) => T)(get()) : next);
      const raw = JSON.stringify(value);
      memoryOnly = !writeItem(area(), key, raw);
      lastRaw = raw;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}

/** The stored value, re-rendering when it changes here or in another tab. */
export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
