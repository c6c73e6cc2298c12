import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import { UntrustedText } from "@/components/untrusted-text";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../api/feedback";
import { useNow } from "@/lib/use-now";
import { claimSince } from "../team/claim-label";
import { claimOn } from "../team/claims";
import type { TeamSettings } from "../team/team-settings";

/**
 * Who holds the item in progress and since when, when it is someone else: the claim's records
 * come with the item's answers (one read the review makes anyway). A stale claim says the item is
 * offered again.
 */
export function ClaimNotice({
  project,
  item,
  me,
  settings,
}: {
  project: string;
  item: AnnotationQueueItem;
  me: string | null;
  settings: TeamSettings;
}) {
  const { trace } = useApiClients();
  const now = useNow(30_000).getTime();
  const select = useCallback((rows: Feedback[]) => claimOn(item, rows, settings, now), [item, settings, now]);
  const claim = useQuery({ ...feedbackQueries.calls(trace, project, [item.call_id]), select }).data;
  if (!claim || claim.by === me) return null;
  return (
    <p
      role="note"
      data-testid="claim-notice"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
    >
      In progress by <UntrustedText text={claim.by} className="font-semibold" /> {claimSince(claim, now)}
      {claim.stale
        ? `: older than this queue's claim timeout (${settings.claimTimeoutMinutes} min), so it is offered to others again.`
        : settings.answersPerItem > 1
          ? `. This queue asks ${settings.answersPerItem} answers per item: yours is your own.`
          : ". Complete or Skip asks before taking it over; both answers are kept."}
    </p>
  );
}
