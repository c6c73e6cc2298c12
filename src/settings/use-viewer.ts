import { useQuery } from "@tanstack/react-query";
import { wandbQueries } from "@/api/queries/wandb";
import { useApiClients } from "./api-clients";
import { useSettings } from "./settings-context";

/**
 * Who the API key belongs to, asked of the W&B API's GraphQL `viewer`. Read once per key and
 * address; nothing is asked without a key. `data` is null when the API does not know the key's
 * user; an error (unreachable, blocked by CORS, a proxy without /graphql) leaves the pages to fall
 * back on what they can learn themselves, and to say so.
 */
export function useViewer() {
  const { wandb } = useApiClients();
  const { connection } = useSettings();
  return useQuery({ ...wandbQueries.viewer(wandb), enabled: connection.apiKey !== "" });
}
