import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientScope } from "@/api/client-config";
import { traceKeys } from "@/api/queries/trace";
import type { TraceClient } from "@/api/trace";
import { useApiClients } from "@/connection/api-clients";
import {
  DEFAULT_TEAM_SETTINGS,
  settingsFromValue,
  teamSettingsObjectId,
  valueFromSettings,
  type TeamSettings,
} from "../team/team-settings";

/** A queue's team settings rarely change while someone works it: read once a minute at most. */
const TEAM_SETTINGS_STALE_MS = 60_000;

/** A queue's team settings (the Weave object tied to it): key, query options, hook and save. */
export const teamSettingsKeys = {
  of: (scope: ClientScope, projectId: string, queueId: string) =>
    // Not under the queues' key: every progress write marks that stale (the queues' counts), and a
    // review's annotation panel, mounted per item, would read the settings again on each Complete & next.
    [...traceKeys.all(scope), "team-settings", projectId, queueId] as const,
};

export const teamSettingsQueries = {
  /** The latest version of the queue's settings object; a queue that has none (or deleted it) has the defaults. */
  of: (client: TraceClient, projectId: string, queueId: string) =>
    queryOptions({
      queryKey: teamSettingsKeys.of(client.scope, projectId, queueId),
      // A query by id, not a read: a queue without settings is an empty answer, not a 404 in the console.
      queryFn: async ({ signal }): Promise<TeamSettings> => {
        const [latest] = await client.queryObjects(
          {
            project_id: projectId,
            filter: { object_ids: [teamSettingsObjectId(queueId)], latest_only: true },
            limit: 1,
          },
          { signal },
        );
        return latest ? settingsFromValue(latest.val) : DEFAULT_TEAM_SETTINGS;
      },
      staleTime: TEAM_SETTINGS_STALE_MS,
    }),
};

/**
 * The queue's team settings. While they load (or when they cannot be read) `settings` holds the
 * defaults and `known` is false: a page that must not act on a guess (work mode) waits for `known`.
 */
export function useTeamSettings(projectId: string, queueId: string) {
  const { trace } = useApiClients();
  const query = useQuery({
    ...teamSettingsQueries.of(trace, projectId, queueId),
    enabled: projectId !== "" && queueId !== "",
  });
  // Only what its readers use: the query's result tracks what is read, and spreading it would read (and render again
  // on) every change, a refresh's fetching flags included.
  const { data, isError, error, refetch } = query;
  return { settings: data ?? DEFAULT_TEAM_SETTINGS, known: data !== undefined, isError, error, refetch };
}

/** Stores a new version of a queue's team settings, and shows it at once wherever it is read. */
export function useSaveTeamSettings(projectId: string) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ queueId, settings }: { queueId: string; settings: TeamSettings }) => {
      await trace.createObject({
        obj: {
          project_id: projectId,
          object_id: teamSettingsObjectId(queueId),
          val: valueFromSettings(queueId, settings),
        },
      });
      return { queueId, settings };
    },
    onSuccess: ({ queueId, settings }) =>
      queryClient.setQueryData(teamSettingsKeys.of(trace.scope, projectId, queueId), settings),
  });
}
