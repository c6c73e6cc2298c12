import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import {
  ACTION_SPEC_CLASS,
  judgeFromObject,
  judgeObjectId,
  valueFromDraft,
  type Judge,
  type JudgeDraft,
} from "../model/judge-value";

/** A project holds few judges; one page of objects reads them all. */
const JUDGES_PAGE = 1000;

/** A queue's judges and a judge's versions: keys, query options, hooks and the save. */
export const judgeKeys = {
  /** Everything judges read: the judge objects and the queue read with their outcomes (load-judge-source.ts). */
  all: (scope: ClientScope, projectId: string) => [...traceKeys.all(scope), "judges", projectId] as const,
  /** The judge objects only: what a save changes. */
  objects: (scope: ClientScope, projectId: string) => [...judgeKeys.all(scope, projectId), "objects"] as const,
  latest: (scope: ClientScope, projectId: string) => [...judgeKeys.objects(scope, projectId), "latest"] as const,
  versions: (scope: ClientScope, projectId: string, judgeId: string) =>
    [...judgeKeys.objects(scope, projectId), "versions", judgeId] as const,
};

export const judgeQueries = {
  /** The latest version of every judge of the project (another tool's ActionSpecs left out). */
  latest: (client: TraceClient, projectId: string) =>
    queryOptions({
      queryKey: judgeKeys.latest(client.scope, projectId),
      queryFn: async ({ signal }): Promise<Judge[]> => {
        const objects = await client.queryObjects(
          {
            project_id: projectId,
            filter: { base_object_classes: [ACTION_SPEC_CLASS], latest_only: true },
            sort_by: [{ field: "created_at", direction: "desc" }],
            limit: JUDGES_PAGE,
          },
          { signal },
        );
        return objects.flatMap((object) => judgeFromObject(object) ?? []);
      },
    }),
  /** Every version of one judge, newest first. */
  versions: (client: TraceClient, projectId: string, judgeId: string) =>
    queryOptions({
      queryKey: judgeKeys.versions(client.scope, projectId, judgeId),
      queryFn: async ({ signal }): Promise<Judge[]> => {
        const objects = await client.queryObjects(
          {
            project_id: projectId,
            filter: { object_ids: [judgeId], latest_only: false },
            sort_by: [{ field: "created_at", direction: "desc" }],
            limit: JUDGES_PAGE,
          },
          { signal },
        );
        return objects
          .flatMap((object) => judgeFromObject(object) ?? [])
          .sort((a, b) => b.versionIndex - a.versionIndex);
      },
    }),
};

/** The judges of one queue, latest versions, newest first. */
export function useQueueJudges(projectId: string, queueId: string) {
  const { trace } = useApiClients();
  const query = useQuery({ ...judgeQueries.latest(trace, projectId), enabled: projectId !== "" });
  const judges = query.data?.filter((judge) => judge.queueId === queueId);
  return { ...query, judges };
}

export function useJudgeVersions(projectId: string, judgeId: string) {
  const { trace } = useApiClients();
  return useQuery({ ...judgeQueries.versions(trace, projectId, judgeId), enabled: projectId !== "" && judgeId !== "" });
}

/**
 * Saves a judge: a new object for a new judge (its id made from the name, clear of the project's
 * other judges), a new version of the same object for an edit. Resolves to the saved version.
 */
export function useSaveJudge(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      judgeId,
      draft,
      questionSchema,
    }: {
      /** The judge being edited; absent for a new one. */
      judgeId?: string;
      draft: JudgeDraft;
      questionSchema: Record<string, unknown>;
    }): Promise<Judge> => {
      let id = judgeId;
      if (!id) {
        const existing = await queryClient.fetchQuery(judgeQueries.latest(trace, projectId));
        id = judgeObjectId(draft.name, new Set(existing.map((judge) => judge.id)));
      }
      const val = valueFromDraft(draft, questionSchema);
      const { digest } = await trace.createObject({ obj: { project_id: projectId, object_id: id, val } });
      const [saved] = await trace.queryObjects({
        project_id: projectId,
        filter: { object_ids: [id], latest_only: true },
        limit: 1,
      });
      const judge = saved && saved.digest === digest ? judgeFromObject(saved) : null;
      if (!judge) throw new Error("The judge was saved but could not be read back; reload the page.");
      return judge;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: judgeKeys.objects(trace.scope, projectId) }),
  });
}
