import { QueryObserver, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApiClients } from "@/connection/api-clients";
import { useLatest } from "@/lib/use-latest";
import { feedbackQueries } from "../../api/feedback";

/**
 * Calls `onChange` each time the answers this page holds for a call change: an answer saved here, or a colleague's
 * read with the rest (on the window's focus, or when the item is opened again). It watches the cache without reading
 * anything itself and without rendering the component that uses it: what changes is the caller's to act on.
 */
export function useCallAnswersChange(project: string, callId: string | undefined, onChange: () => void): void {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const latest = useLatest(onChange);
  useEffect(() => {
    if (callId === undefined) return;
    // Disabled: the annotation panel reads the answers; this observer only hears of each new result.
    const observer = new QueryObserver(queryClient, {
      queryKey: feedbackQueries.calls(trace, project, [callId]).queryKey,
      enabled: false,
      notifyOnChangeProps: ["data"],
    });
    let seen = observer.getCurrentResult().data;
    return observer.subscribe((result) => {
      if (result.data === seen) return;
      seen = result.data;
      latest.current();
    });
  }, [queryClient, trace, project, callId, latest]);
}
