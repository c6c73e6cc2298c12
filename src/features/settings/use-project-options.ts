import { useQueries } from "@tanstack/react-query";
import { wandbQueries } from "@/api/queries/wandb";
import { useApiClients } from "@/connection/api-clients";
import { useViewer } from "@/connection/use-viewer";

/**
 * `entity/project` ids the saved key can pick from: the projects of the signed-in user's own
 * entity and of each of their teams, from the W&B API. Empty while unknown or unreachable: the
 * project fields then take typed text only, as before.
 */
export function useProjectOptions(): string[] {
  const { wandb } = useApiClients();
  const viewer = useViewer();
  const entities = viewer.data
    ? [
        ...new Set(
          [viewer.data.entity, ...(viewer.data.teams?.edges ?? []).map((e) => e.node?.name)].filter(
            (e): e is string => !!e,
          ),
        ),
      ]
    : [];
  const lists = useQueries({ queries: entities.map((entity) => wandbQueries.projects(wandb, entity)) });
  return lists.flatMap((list) => list.data ?? []);
}
