import { queryOptions } from "@tanstack/react-query";
import type { InferenceClient } from "../inference";
import { inferenceKeys } from "../query-keys";

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
