import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import { checkSavedVersion, type SavedVersionCheck } from "@/api/saved-version-check";
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

/** What a save found about other saves of the same judge (saved-version-check.ts), as judges. */
export type JudgeSaveCheck =
  | { kind: "clean" }
  | { kind: "overtaken"; between: Judge[]; more: number }
  | { kind: "unchanged"; latest: Judge };

export type SavedJudge = {
  judge: Judge;
  check: JudgeSaveCheck;
  /** Who the service recorded for ours and for the nearest other version (`wb_user_id`), when it says. */
  authors: { yours: string | null; theirs: string | null };
};

const NOT_READ_BACK = "The judge was saved but could not be read back; reload the page.";

function judgeOf(object: Parameters<typeof judgeFromObject>[0]): Judge {
  const judge = judgeFromObject(object);
  if (!judge) throw new Error("Another version of this judge is not a judge any more; reload the page.");
  return judge;
}

function asJudges(check: SavedVersionCheck): JudgeSaveCheck {
  if (check.kind === "overtaken") return { ...check, between: check.between.map(judgeOf) };
  if (check.kind === "unchanged") return { kind: "unchanged", latest: judgeOf(check.latest) };
  return check;
}

/**
 * Saves a judge: a new object for a new judge (its id made from the name, clear of the project's
 * other judges), a new version of the same object for an edit. The service has no compare-and-set,
 * so a save at the same instant as another of the same judge (or a new judge given the same id)
 * is only found afterwards: the answer says whether someone else's version was saved between the
 * one the form started from (`basedOn`) and this one.
 */
export function useSaveJudge(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      basedOn,
      draft,
      questionSchema,
    }: {
      /** The version the form started from; absent for a new judge. */
      basedOn?: Judge;
      draft: JudgeDraft;
      questionSchema: Record<string, unknown>;
    }): Promise<SavedJudge> => {
      let id = basedOn?.id;
      if (!id) {
        const existing = await queryClient.fetchQuery(judgeQueries.latest(trace, projectId));
        id = judgeObjectId(draft.name, new Set(existing.map((judge) => judge.id)));
      }
      const val = valueFromDraft(draft, questionSchema);
      const { digest } = await trace.createObject({ obj: { project_id: projectId, object_id: id, val } });
      const stored = await trace.readObject({ project_id: projectId, object_id: id, digest });
      const judge = judgeFromObject(stored);
      if (!judge) throw new Error(NOT_READ_BACK);
      const check = await checkSavedVersion(trace, stored, basedOn ?? null);
      const theirs =
        check.kind === "overtaken" ? check.between.at(-1) : check.kind === "unchanged" ? check.latest : null;
      const authors = { yours: stored.wb_user_id ?? null, theirs: theirs?.wb_user_id ?? null };
      return { judge, check: asJudges(check), authors };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: judgeKeys.objects(trace.scope, projectId) }),
  });
}
