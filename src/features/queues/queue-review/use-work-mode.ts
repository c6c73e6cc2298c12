import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import { whenIdle } from "@/lib/when-idle";
import { useTeamSettings } from "../api/team-settings";
import { useAnnotator } from "../shared/annotator-identity";
import { callQueries } from "../api/call";
import { feedbackQueries } from "../api/feedback";
import { CLAIM_SETTLE_MS, claimItem, confirmClaim, settle } from "../team/claim-item";
import {
  findNextForMe,
  likelyOffers,
  questionIdsOf,
  type Offer,
  type RecordCache,
  type WorkView,
} from "../team/next-for-me";
import { itemQueryOptions } from "./use-review-queries";

/** The longest a read-ahead waits for the page to be idle: well within the time an annotator reads an item. */
const READ_AHEAD_WAIT_MS = 150;

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
export function useWorkMode(
  project: string,
  queueId: string,
  view: WorkView,
  scorerRefs: readonly string[] | undefined,
) {
  const { trace } = useApiClients();
  const { me, remember } = useAnnotator(trace.scope);
  // `remember` is a new function at every render: through a ref, the claim's callbacks (and the
  // review's moves made from them) stay the same from one render to the next.
  const rememberRef = useRef(remember);
  useLayoutEffect(() => {
    rememberRef.current = remember;
  });
  // The queue's own settings, read once for every user of them (the same query as the page's).
  const team = useTeamSettings(project, queueId);
  const settings = team.settings;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WorkStatus>({ phase: "idle" });
  // The claim on its way: a second press while it is joins it. Abandoning a claim half made would
  // leave the item held in my name with nobody on it until its claim goes stale.
  const running = useRef<Promise<Claimed | null> | null>(null);
  const passedOver = useRef(new Set<string>());
  const records = useRef<RecordCache>(new Map());
  const questionIds = useMemo(() => questionIdsOf(scorerRefs ?? []), [scorerRefs]);

  /**
   * Reads ahead the calls and answers of the items the next press will most likely claim, so the
   * claim's write is the one request between that press and the item painted. A failure only
   * leaves them to be read when shown.
   */
  const readAhead = useCallback(
    async (current: string, caller: string | null) => {
      try {
        const exclude = new Set(passedOver.current).add(current);
        const offers = await likelyOffers(
          trace,
          { projectId: project, queueId, view, me: caller ?? "", settings, questionIds, exclude, now: Date.now() },
          { cache: records.current },
        );
        for (const { item } of offers) {
          void queryClient.prefetchQuery(callQueries.call(trace, { project_id: project, id: item.call_id }));
          void queryClient.prefetchQuery(feedbackQueries.calls(trace, project, [item.call_id]));
        }
      } catch {
        // Only a read-ahead: the press reads what it needs.
      }
    },
    [trace, queryClient, project, queueId, view, settings, questionIds],
  );

  const findAndClaim = useCallback(
    async (leaving: string | null): Promise<Claimed | null> => {
      setStatus({ phase: "claiming" });
      try {
        let caller = me;
        for (let tries = 0; tries < MAX_TRIES; tries++) {
          const exclude = new Set(passedOver.current);
          if (leaving) exclude.add(leaving);
          const offer = await findNextForMe(
            trace,
            { projectId: project, queueId, view, me: caller ?? "", settings, questionIds, exclude, now: Date.now() },
            { cache: records.current },
          );
          if (!offer) {
            setStatus({ phase: "none" });
            return null;
          }
          const claimed = await claimItem(trace, { projectId: project, queueId, me: caller ?? "" }, offer.item);
          if (claimed.outcome === "closed-for-me") {
            passedOver.current.add(offer.item.id);
            continue;
          }
          // The item as the claim left it paints at once; its call and answers are read meanwhile.
          queryClient.setQueryData(itemQueryOptions(trace, project, queueId, claimed.item.id).queryKey, {
            items: [claimed.item],
          });
          const callRead = queryClient.prefetchQuery(
            callQueries.call(trace, { project_id: project, id: claimed.item.call_id }),
          );
          void queryClient.prefetchQuery(feedbackQueries.calls(trace, project, [claimed.item.call_id]));
          if (!caller && claimed.item.annotator_user_id) {
            caller = claimed.item.annotator_user_id;
            rememberRef.current(caller);
          }
          // After this item's call has been read and the page is idle: the read-ahead must not slow the item being shown.
          const reader = caller;
          void callRead.then(() =>
            whenIdle(() => void readAhead(claimed.item.id, reader), { timeoutMs: READ_AHEAD_WAIT_MS, fallbackMs: 0 }),
          );
          setStatus({ phase: "idle" });
          return { item: claimed.item, offer };
        }
        setStatus({ phase: "none" });
        return null;
      } catch (error) {
        setStatus({ phase: "failed", error });
        return null;
      }
    },
    [trace, queryClient, project, queueId, view, me, settings, questionIds, readAhead],
  );

  /** Finds and claims the next item offered to me (never `leaving`, the one on screen); null when there is none. */
  const claimNext = useCallback(
    (leaving: string | null): Promise<Claimed | null> => {
      if (running.current) return running.current;
      const claim = findAndClaim(leaving).finally(() => {
        running.current = null;
      });
      running.current = claim;
      return claim;
    },
    [findAndClaim],
  );

  /**
   * Reads the claim back once it has settled: true when it held. `onLost(by)` when someone else
   * holds the item (never an error). A read-back that fails leaves the claim as it is (true): the
   * review's refresh shows who holds the item, and Complete over a live claim asks first.
   */
  const confirm = useCallback(
    async (claimed: Claimed, caller: string | null, onLost: (by: string | null) => void): Promise<boolean> => {
      try {
        await settle(CLAIM_SETTLE_MS);
        const who = caller ?? claimed.item.annotator_user_id ?? "";
        const outcome = await confirmClaim(trace, { projectId: project, queueId, me: who }, claimed.offer, settings);
        if (outcome.kept) return true;
        passedOver.current.add(claimed.item.id);
        void queryClient.invalidateQueries({
          queryKey: itemQueryOptions(trace, project, queueId, claimed.item.id).queryKey,
        });
        onLost(outcome.by);
        return false;
      } catch {
        return true;
      }
    },
    [trace, queryClient, project, queueId, settings],
  );

  // `ready`: the queue's settings are read; work mode never claims on guessed ones.
  return { status, claimNext, confirm, ready: team.known, dismiss: () => setStatus({ phase: "idle" }) };
}
