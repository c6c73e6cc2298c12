import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../api/feedback";
import { claimOn, type Claim } from "../team/claims";
import type { TeamSettings } from "../team/team-settings";

/**
 * The live claim of someone else on an item, as this review knows it: Complete or Skip over it
 * asks first. The claim's records come with the item's answers, already read for the review; while
 * they are not, a claim of someone else's counts as live (asking once too often costs a key press,
 * taking over unasked costs a colleague's work).
 */
export function useTakeoverCheck(project: string, settings: TeamSettings, me: string | null) {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  return useCallback(
    (item: AnnotationQueueItem): Claim | null => {
      const writer = item.annotator_user_id || null;
      if (item.annotation_state !== "in_progress" || !writer || !me || writer === me) return null;
      // With several answers per item each annotator's answer is their own: completing takes nothing over.
      if (settings.answersPerItem > 1) return null;
      const rows = queryClient.getQueryData<Feedback[]>(feedbackQueries.calls(trace, project, [item.call_id]).queryKey);
      if (!rows) return { by: writer, since: null, stale: false };
      const claim = claimOn(item, rows, settings, Date.now());
      return claim && !claim.stale ? claim : null;
    },
    [queryClient, trace, project, settings, me],
  );
}
