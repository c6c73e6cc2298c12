import { useQuery } from "@tanstack/react-query";
import { useIdleReached } from "@/lib/use-idle-reached";
import { wandbQueries } from "@/api/queries/wandb";
import { useApiClients } from "./api-clients";
import { useSettings } from "./settings-context";

/**
 * Who the API key belongs to, asked of the W&B API's GraphQL `viewer`. Read once per key and
 * address; nothing is asked without a key. `data` is null when the API does not know the key's
 * user; an error (unreachable, blocked by CORS, a proxy without /graphql) leaves the pages to fall
 * back on what they can learn themselves, and to say so.
 *
 * `whenIdle` holds the read until the browser is first idle (the sidebar's account line): its
 * request would add work between a page's first paint and the next frame.
 * A page that needs the answer asks without it, and the sidebar shares that read.
 */
export function useViewer({ whenIdle = false }: { whenIdle?: boolean } = {}) {
  const { wandb } = useApiClients();
  const { connection } = useSettings();
  const idle = useIdleReached();
  return useQuery({ ...wandbQueries.viewer(wandb), enabled: connection.apiKey !== "" && (idle || !whenIdle) });
}
