import type { QueryClient } from "@tanstack/react-query";
import { trainingKeys } from "@/api/queries/training";
import type { ClientScope } from "@/api/client-config";

/**
 * What a page's own reads tell the sidebar's training checks, which otherwise ask every 30 s: a
 * failed read makes them ask now (not "OK" while the page cannot reach the service), and the
 * first read that succeeds after failures makes them ask again (not "down" once it answers).
 */
export function createHealthHints(queryClient: QueryClient, scope: ClientScope) {
  let unreachable = false;
  // Many jobs' readers may say so at once (the jobs list): a check already asking is not asked again.
  const askNow = () => {
    void queryClient.invalidateQueries({ queryKey: trainingKeys.health(scope) }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: trainingKeys.systemCheck(scope) }, { cancelRefetch: false });
  };
  return {
    failed(): void {
      if (unreachable) return;
      unreachable = true;
      askNow();
    },
    answered(): void {
      if (!unreachable) return;
      unreachable = false;
      askNow();
    },
  };
}
