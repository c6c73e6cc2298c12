import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import { callQueries } from "../api/call";
import { feedbackKeys } from "../api/feedback";
import { CLAIM_SETTLE_MS, claimItem, confirmClaim, settle } from "../team/claim-item";
import { findNextForMe, questionIdsOf, type Offer, type RecordCache, type WorkView } from "../team/next-for-me";
import type { TeamSettings } from "../team/team-settings";
import { itemQueryOptions } from "./use-review-queries";

/** Items tried per press at most: each one lost or closed to me is passed over, then the search says so. */
const MAX_TRIES = 8;

export type WorkStatus =
  | { phase: "idle" }
  | { phase: "claiming" }
  | { phase: "none" }
  | { phase: "failed"; error: unknown };

export type Claimed = { item: AnnotationQueueItem; offer: Offer };

/**
 * Work mode's moves (README, "How a team works a queue"): find the next item offered to me, claim
 * it (the one write between the key press and the item), and once the claim has settled read it
 * back; a claim lost to someone else is passed to `onLost`, which moves on. Items lost, or that my
 * own record has closed, are not offered again while the review is open.
 */
export function useWorkMode(options: {
  project: string;
  queueId: string;
  view: WorkView;
  me: string | null;
  settings: TeamSettings;
  scorerRefs: readonly string[] | undefined;
  /** The caller learnt from a claim the service took (its latest writer is the caller). */
  onIdentity: (id: string) => void;
}) {
  const { project, queueId, view, me, settings, scorerRefs, onIdentity } = options;
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WorkStatus>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  const passedOver = useRef(new Set<string>());
  const records = useRef<RecordCache>(new Map());
  const questionIds = useMemo(() => questionIdsOf(scorerRefs ?? []), [scorerRefs]);

  const claimNext = useCallback(
    async (leaving: string | null): Promise<Claimed | null> => {
      running.current?.abort();
      const abort = new AbortController();
      running.current = abort;
      setStatus({ phase: "claiming" });
      try {
        let caller = me;
        for (let tries = 0; tries < MAX_TRIES; tries++) {
          const exclude = new Set(passedOver.current);
          if (leaving) exclude.add(leaving);
          const offer = await findNextForMe(
            trace,
            { projectId: project, queueId, view, me: caller ?? "", settings, questionIds, exclude, now: Date.now() },
            { signal: abort.signal, cache: records.current },
          );
          if (abort.signal.aborted) return null;
          if (!offer) {
            setStatus({ phase: "none" });
            return null;
          }
          const claimed = await claimItem(
            trace,
            { projectId: project, queueId, me: caller ?? "" },
            offer.item,
            abort.signal,
          );
          if (claimed.outcome === "closed-for-me") {
            passedOver.current.add(offer.item.id);
            continue;
          }
          // The item as the claim left it paints at once; its answers now include the claim record.
          queryClient.setQueryData(itemQueryOptions(trace, project, queueId, claimed.item.id).queryKey, {
            items: [claimed.item],
          });
          void queryClient.prefetchQuery(callQueries.call(trace, { project_id: project, id: claimed.item.call_id }));
          void queryClient.invalidateQueries({
            queryKey: feedbackKeys.calls(trace.scope, project, [claimed.item.call_id]),
          });
          if (!caller && claimed.item.annotator_user_id) {
            caller = claimed.item.annotator_user_id;
            onIdentity(caller);
          }
          setStatus({ phase: "idle" });
          return { item: claimed.item, offer };
        }
        setStatus({ phase: "none" });
        return null;
      } catch (error) {
        if (!abort.signal.aborted) setStatus({ phase: "failed", error });
        return null;
      }
    },
    [trace, queryClient, project, queueId, view, me, settings, questionIds, onIdentity],
  );

  /** Reads the claim back once it has settled; `onLost(by)` when someone else holds the item (never an error). */
  const confirm = useCallback(
    (claimed: Claimed, caller: string | null, onLost: (by: string | null) => void) => {
      void (async () => {
        try {
          await settle(CLAIM_SETTLE_MS);
          const who = caller ?? claimed.item.annotator_user_id ?? "";
          const outcome = await confirmClaim(trace, { projectId: project, queueId, me: who }, claimed.offer, settings);
          if (outcome.kept) return;
          passedOver.current.add(claimed.item.id);
          void queryClient.invalidateQueries({
            queryKey: itemQueryOptions(trace, project, queueId, claimed.item.id).queryKey,
          });
          onLost(outcome.by);
        } catch {
          // A read-back that fails leaves the claim as it is: the review's refresh shows who holds the item.
        }
      })();
    },
    [trace, queryClient, project, queueId, settings],
  );

  return { status, claimNext, confirm, dismiss: () => setStatus({ phase: "idle" }) };
}
