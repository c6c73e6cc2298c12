import { queryOptions } from "@tanstack/react-query";
import type { ClientScope } from "@/api/client-config";
import { readProjectSpecs } from "@/api/project-specs";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";

/** The project's specs as a queue form's picker reads them: key and query options. */
export const projectSpecKeys = {
  /** Under the spec objects, so saving a spec (the specs page) refreshes the pickers too. */
  forQueues: (scope: ClientScope, projectId: string) =>
    [...traceKeys.specObjects(scope, projectId), "for-queues"] as const,
};

export const projectSpecQueries = {
  /** The project's specs (latest versions) a queue can ask: the new and edit queue forms. */
  forQueues: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: projectSpecKeys.forQueues(client.scope, projectId),
      queryFn: ({ signal }) => readProjectSpecs(client, projectId, { signal }),
    }),
};
