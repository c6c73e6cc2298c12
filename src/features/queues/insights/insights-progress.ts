import { hashKey, type QueryKey } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { InsightsProgress } from "./load-insights";

/**
 * How far the read of each queue's insights has got, by query key: outside React Query's data
 * (which only holds the finished figures) and outside a component (a read keeps going while its
 * page re-renders), so whoever shows the page sees the same count.
 */
const progressByKey = new Map<string, InsightsProgress>();
const listeners = new Set<() => void>();

export function reportInsightsProgress(key: QueryKey, progress: InsightsProgress | null): void {
  const hash = hashKey(key);
  if (progress) progressByKey.set(hash, progress);
  else progressByKey.delete(hash);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useInsightsProgress(key: QueryKey): InsightsProgress | null {
  const hash = hashKey(key);
  const read = useCallback(() => progressByKey.get(hash) ?? null, [hash]);
  return useSyncExternalStore(subscribe, read, read);
}
