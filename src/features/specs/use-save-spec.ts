import { useMutation, useQueryClient } from "@tanstack/react-query";
import { traceKeys } from "@/api/queries/trace";
import {
  objectIdTaken,
  readLatestSpec,
  saveSpec,
  type SpecFields,
  type SpecObject,
  type SpecSaveCheck,
} from "@/api/spec-objects";
import { useApiClients } from "@/connection/api-clients";
import { NewerVersionError, ObjectIdTakenError } from "./save-errors";

export type SaveSpecInput = {
  objectId: string;
  fields: SpecFields;
  /** The version the edit started from (none for a new spec). */
  basedOn: SpecObject | null;
  /** The newer version the person was told of and chose to save over (`NewerVersionError.latest`). */
  overwrite?: SpecObject | null;
};

export type SavedSpec = { saved: SpecObject; check: SpecSaveCheck };

/**
 * Saves a spec as the next version of its object id. A new spec first checks the id is free: the
 * service would otherwise quietly make it a new version of whatever already has that id. An edit
 * first checks nobody saved a newer version meanwhile. Neither check can stop a save made at the
 * same instant (the service has no compare-and-set), so after the save the versions just before
 * ours are checked too: the answer says whether someone else's version was saved in between.
 * Every cached read of the project's specs is invalidated on success.
 */
export function useSaveSpec(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ objectId, fields, basedOn, overwrite = null }: SaveSpecInput): Promise<SavedSpec> => {
      if (!basedOn && (await objectIdTaken(trace, projectId, objectId))) throw new ObjectIdTakenError(objectId);
      if (basedOn && !overwrite) {
        // Two people editing one spec: the second save would quietly replace the first one's latest version.
        const latest = await readLatestSpec(trace, projectId, objectId);
        if (latest.digest !== basedOn.digest) throw new NewerVersionError(latest);
      }
      return saveSpec(trace, projectId, objectId, fields, overwrite ?? basedOn);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceKeys.specObjects(trace.scope, projectId) }),
  });
}
