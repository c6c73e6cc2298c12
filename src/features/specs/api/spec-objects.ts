import { queryOptions } from "@tanstack/react-query";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import { listProjectSpecs, readLatestSpec } from "@/api/spec-objects";
import type { TraceClient } from "@/api/trace";

/** A project's specs as objects (the specs page and its editor): key family and query options. */
export const specObjectKeys = {
  list: (scope: ClientScope, projectId: string) => [...traceKeys.specObjects(scope, projectId), "list"] as const,
  latest: (scope: ClientScope, projectId: string, objectId: string) =>
    [...traceKeys.specObjects(scope, projectId), "latest", objectId] as const,
};

export const specObjectQueries = {
  /** The latest version of each of the project's human-annotation specs, as objects (the specs page). */
  list: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: specObjectKeys.list(client.scope, projectId),
      queryFn: ({ signal }) => listProjectSpecs(client, projectId, { signal }),
    }),

  /** One spec's latest version, to edit. */
  latest: (client: TraceClient, projectId: string, objectId: string) =>
    queryOptions({
      queryKey: specObjectKeys.latest(client.scope, projectId, objectId),
      queryFn: ({ signal }) => readLatestSpec(client, projectId, objectId, { signal }),
    }),
};
