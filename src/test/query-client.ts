import type { QueryClient } from "@tanstack/react-query";
import { createQueryClient, queryRetryDelay } from "@/api/query-client";

/** How many times sooner each retry comes in page tests: the same retries, in the same order. */
const BACKOFF_SPEED_UP = 100;

/**
 * The app's query client with its retry backoff scaled down. A page test of a service that keeps
 * failing still sees every retry and then the error, without waiting the 7 s that the real 1 s, 2 s
 * and 4 s add up to on an idle worker. The backoff's own values are checked where it is defined.
 */
export function createTestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      retryDelay: (attempt, error) => queryRetryDelay(attempt, error) / BACKOFF_SPEED_UP,
    },
  });
  return queryClient;
}
