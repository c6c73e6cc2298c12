import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./errors";

/** Retries after the first failure; with the backoff below the last waits about 4 s. */
export const MAX_QUERY_RETRIES = 3;
/** Data younger than this is served from the cache without a refetch. */
export const QUERY_STALE_TIME_MS = 15_000;

/**
 * Only errors that can pass on their own are retried (network, timeout, 429, 5xx: see
 * ApiError.retryable). A 4xx, a missing key or a malformed response fails at once: repeating
 * the same request cannot help and only delays the message.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isApiError(error) && error.retryable;
}

/** 1 s, 2 s, 4 s (capped at 30 s), or what a 429's Retry-After asked for. */
export function queryRetryDelay(attempt: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, 60_000);
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      // A mutation may have taken effect before the error arrived: retrying could do it twice.
      mutations: { retry: false },
    },
  });
}
