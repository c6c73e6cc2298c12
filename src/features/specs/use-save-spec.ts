import { useMutation, useQueryClient } from "@tanstack/react-query";
import { traceKeys } from "@/api/queries/trace";
import { objectIdTaken, readLatestSpec, saveSpec, type SpecFields, type SpecObject } from "@/api/spec-objects";
import { useApiClients } from "@/connection/api-clients";
import { NewerVersionError, ObjectIdTakenError } from "./save-errors";

export type SaveSpecInput = {
  objectId: string;
  fields: SpecFields;
  /** The version the edit started from (none for a new spec). */
  basedOn: SpecObject | null;
  /** Save even when a newer version than `basedOn` exists (the person was told and chose to). */
  overwrite?: boolean;
};

/**
 * Saves a spec as the next version of its object id. A new spec first checks the id is free: the
 * service would otherwise quietly make it a new version of whatever already has that id. An edit
 * first checks nobody saved a newer version meanwhile. Every cached read of the project's specs
 * is invalidated on success.
 */
export function useSaveSpec(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ objectId, fields, basedOn, overwrite = false }: SaveSpecInput): Promise<SpecObject> => {
      if (!basedOn && (await objectIdTaken(trace, projectId, objectId))) throw new ObjectIdTakenError(objectId);
      if (basedOn && !overwrite) {
        // Two people editing one spec: the second save would quietly replace the first one's latest version.
        const latest = await readLatestSpec(trace, projectId, objectId);
        if (latest.digest !== basedOn.digest) throw new NewerVersionError(latest.versionIndex + 1, latest.createdAt);
      }
      return saveSpec(trace, projectId, objectId, fields);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceKeys.specObjects(trace.scope, projectId) }),
  });
}
