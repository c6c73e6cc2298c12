import { queryOptions } from "@tanstack/react-query";
import type { ClientScope } from "../client-config";
import { scopedKey } from "../query-key";
import type { WandbClient } from "../wandb";

/**
 * The W&B API's keys and options, here rather than in a feature: the connection layer
 * (connection/use-viewer.ts) reads the viewer for every page; the projects are read beside it.
 */
export const wandbKeys = {
  all: (scope: ClientScope) => scopedKey(scope),
  viewer: (scope: ClientScope) => [...wandbKeys.all(scope), "viewer"] as const,
  projects: (scope: ClientScope, entity: string) => [...wandbKeys.all(scope), "projects", entity] as const,
};

/** queryOptions for the W&B API; each passes React Query's `signal`. */
export const wandbQueries = {
  /** Who the key belongs to does not change while the key stays: read once per key and address. */
  viewer: (client: WandbClient) =>
    queryOptions({
      queryKey: wandbKeys.viewer(client.scope),
      queryFn: ({ signal }) => client.viewer({ signal }),
      staleTime: Infinity,
      // An address that is blocked (CORS) or missing stays so: one retry, then the pages fall back.
      retry: 1,
    }),
  projects: (client: WandbClient, entity: string) =>
    queryOptions({
      queryKey: wandbKeys.projects(client.scope, entity),
      queryFn: ({ signal }) => client.projects(entity, { signal }),
      staleTime: 5 * 60_000,
    }),
};
