import { useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import type { Feedback } from "@contract/trace-feedback";
import { StatusBadge } from "@/components/status-badge";
import { useApiClients } from "@/connection/api-clients";
import { feedbackQueries } from "../api/feedback";
import { useTeamSettings } from "../api/team-settings";
import { STATE_LABELS, STATE_TONES } from "../shared/item-state";
import { useNow } from "@/lib/use-now";
import { claimTime } from "../team/claim-label";
import { claimOn, type Claim } from "../team/claims";

type PageClaims = ReadonlyMap<string, Claim>;

const PageClaimsContext = createContext<PageClaims>(new Map());
export const PageClaimsProvider = PageClaimsContext.Provider;

/**
 * The claims on the rows of the page shown: from the same feedback read as the page's answers (one
 * request for the page, shared), so showing who holds an item since when costs no request.
 */
export function usePageClaims(project: string, queueId: string, items: readonly AnnotationQueueItem[]): PageClaims {
  const { trace } = useApiClients();
  const { settings } = useTeamSettings(project, queueId);
  const callIds = useMemo(() => items.map((item) => item.call_id), [items]);
  const held = useMemo(() => items.filter((item) => item.annotation_state === "in_progress"), [items]);
  const select = useCallback(
    (rows: Feedback[]) => {
      const now = Date.now();
      const claims = new Map<string, Claim>();
      for (const item of held) {
        const claim = claimOn(item, rows, settings, now);
        if (claim) claims.set(item.id, claim);
      }
      return claims;
    },
    [held, settings],
  );
  const query = useQuery({
    ...feedbackQueries.calls(trace, project, callIds),
    enabled: held.length > 0,
    select,
  });
  return query.data ?? NO_CLAIMS;
}

const NO_CLAIMS: PageClaims = new Map();

/**
 * The item's state, and for one in progress since when it is held, or that its claim is stale. The claim's line is
 * one line, there from the row's first paint (empty until the page's claims are read): the row never grows under
 * the reader when they arrive.
 */
export function StateCell({ item }: { item: AnnotationQueueItem }) {
  const claim = useContext(PageClaimsContext).get(item.id);
  const now = useNow(30_000).getTime();
  const state = item.annotation_state;
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-0.5">
      <StatusBadge tone={STATE_TONES[state]}>{STATE_LABELS[state]}</StatusBadge>
      {state === "in_progress" ? <ClaimLine claim={claim} now={now} /> : null}
    </span>
  );
}

/**
 * "since 12:34 PM · stale" on one line: where the column is too narrow, the time gives way (cut, whole in the
 * tooltip and for screen readers), never the warning that the claim is stale.
 */
function ClaimLine({ claim, now }: { claim: Claim | undefined; now: number }) {
  const since = claim ? (claim.since === null ? "since ?" : `since ${claimTime(claim.since, now, true)}`) : "";
  return (
    <span className="flex h-4 max-w-full text-[11px] leading-4 text-fg-muted" title={since || undefined}>
      <span className="min-w-0 truncate">{since}</span>
      {claim?.stale ? (
        <span className="shrink-0 font-semibold whitespace-pre text-amber-800 dark:text-amber-300"> · stale</span>
      ) : null}
    </span>
  );
}
