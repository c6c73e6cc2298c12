import { queryOptions } from "@tanstack/react-query";
import type { InferenceClient } from "../inference";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";

/**
 * The inference catalog's keys and options, here rather than in a feature: the app shell's routes
 * (app/routes.tsx) read the list before the catalog page renders, and the catalog, the playground
 * and the status page read the same list.
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
