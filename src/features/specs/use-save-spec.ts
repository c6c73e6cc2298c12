import { useMutation, useQueryClient } from "@tanstack/react-query";
import { traceKeys } from "@/api/query-keys";
import { objectIdTaken, saveSpec, type SpecFields, type SpecObject } from "@/api/spec-objects";
import { useApiClients } from "@/settings/api-clients";
import { ObjectIdTakenError } from "./save-errors";

export type SaveSpecInput = { objectId: string; fields: SpecFields; isNew: boolean };

/**
 * Saves a spec as the next version of its object id. A new spec first checks the id is free: the
 * service would otherwise quietly make it a new version of whatever already has that id. Every
 * cached read of the project's specs is invalidated on success.
 */
export function useSaveSpec(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ objectId, fields, isNew }: SaveSpecInput): Promise<SpecObject> => {
      if (isNew && (await objectIdTaken(trace, projectId, objectId))) throw new ObjectIdTakenError(objectId);
      return saveSpec(trace, projectId, objectId, fields);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceKeys.specObjects(trace.scope, projectId) }),
  });
}
