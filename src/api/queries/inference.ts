import { queryOptions } from "@tanstack/react-query";
import type { InferenceClient } from "../inference";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";

/**
 * Key factories of this service's reads, general to specific (query-key.ts), so a mutation can
 * invalidate exactly the right prefix.
 */
export const inferenceKeys = {
  all: (scope: ClientScope) => scopedKey(scope),
  models: (scope: ClientScope) => [...inferenceKeys.all(scope), "models"] as const,
};

/** queryOptions for the inference service's reads; each passes React Query's `signal`. */
export const inferenceQueries = {
  models: (client: InferenceClient) =>
    queryOptions({
      queryKey: inferenceKeys.models(client.scope),
      queryFn: ({ signal }) => client.listModels({ signal }),
      // The catalog changes rarely; a minute avoids refetching it on every page change.
      staleTime: 60_000,
    }),
};
