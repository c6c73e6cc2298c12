import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import type { AnnotationQueueItem } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import { useLatest } from "@/lib/use-latest";
import { whenIdle } from "@/lib/when-idle";
import { useTeamSettings } from "../api/team-settings";
import { useAnnotator } from "../shared/annotator-identity";
import { callQueries } from "../api/call";
import { feedbackQueries } from "../api/feedback";
import { CLAIM_SETTLE_MS, claimItem, confirmClaim, settle, type ClaimOutcome } from "../team/claim-item";
import { findNextForMe, likelyOffers, questionIdsOf, type Offer, type RecordCache } from "../team/next-for-me";
import { itemQueryOptions, positionsKey, rememberPositions, type ListView } from "./use-review-queries";

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
 * A claim shown before its write is back: `item` is the offered row as the write will leave it (in
 * progress, mine), and `written` settles to how the write went. Not for an address's state (a
 * promise cannot be stored in the history).
 */
export type ClaimOnItsWay = Claimed & { written: Promise<ClaimOutcome> };
/**
 * Why a claim shown was not mine after all: someone else's write came after it, or my own record on the item is
 * final. `moveOn`: false once refusals in a row have reached the bound (nothing more is tried; the item stays shown).
 */
export type LostClaim = { by: string | null; closedForMe: boolean; moveOn: boolean };

/**
 * Work mode's moves (README, "How a team works a queue"): find the next item offered to me, claim
 * it (in the review, shown as soon as it is found, its claim's write on the way), and once the
 * claim has settled read it back; a claim lost to someone else is passed to `onLost`, which moves
 * on. Items lost, or that my own record has closed, are not offered again while the review is open,
 * nor are those `finishedHere` names: items I completed or skipped on the page, whose change may
 * still wait for its claim's read-back (until it is sent the service has them in progress, mine,
 * which the search offers to resume). Items I hold that the review moved away from unfinished are offered again
 * only once nothing else is.
 */
export function useWorkMode(
  project: string,
  queueId: string,
  /** The review's list: its filters and order are the search's; its key keeps the positions the search reads. */
  view: ListView,
  scorerRefs: readonly string[] | undefined,
  finishedHere?: () => Iterable<string>,
) {
  const { trace } = useApiClients();
  const { me, remember } = useAnnotator(trace.scope);
  // `remember` is a new function at every render: through a ref, the claim's callbacks (and the
  // review's moves made from them) stay the same from one render to the next.
  const rememberRef = useLatest(remember);
  // The queue's own settings, read once for every user of them (the same query as the page's).
  const team = useTeamSettings(project, queueId);
  const settings = team.settings;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WorkStatus>({ phase: "idle" });
  // The claim on its way: a second press while it is joins it. Abandoning a claim half made would
  // leave the item held in my name with nobody on it until its claim goes stale.
  const running = useRef<Promise<Claimed | ClaimOnItsWay | null> | null>(null);
  const passedOver = useRef(new Set<string>());
  // Items this review moved away from while they were mine, in progress (heldByMe): offered again only when nothing
  // else is. My own items come first in a search, so without this a press of Next for me on one of them went back to
  // the one left a press before, and the walk went round the same few items.
  const leftBehind = useRef(new Set<string>());
  // Claims shown at once and then refused as closed to me, one after another: bounded as a search's tries are.
  const closedInARow = useRef(0);
  const records = useRef<RecordCache>(new Map());
  const questionIds = useMemo(() => questionIdsOf(scorerRefs ?? []), [scorerRefs]);
  /**
   * The items a search must not offer me: passed over, finished here, `also` (the one on screen) and, unless
   * `leftToo` is false, the items this review left behind.
   */
  const notToOffer = useCallback(
    (also: string | null, leftToo = true) => {
      const exclude = new Set(passedOver.current);
      for (const id of finishedHere?.() ?? []) exclude.add(id);
      if (leftToo) for (const id of leftBehind.current) exclude.add(id);
      if (also) exclude.add(also);
      return exclude;
    },
    [finishedHere],
  );

  /**
   * Reads ahead the calls and answers of the items the next press will most likely claim, so the
   * search is the one request between that press and the item painted (the claim's write goes out
   * beside the item shown). A failure only leaves them to be read when shown.
   */
  const readAhead = useCallback(
    async (current: string, caller: string | null) => {
      try {
        const exclude = notToOffer(current);
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
    [trace, queryClient, project, queueId, view, settings, questionIds, notToOffer],
  );

  /** Reads the claimed item's call and answers, then (once the page is idle) the calls the next press will likely claim. */
  const readClaimed = useCallback(
    (item: AnnotationQueueItem, reader: string | null) => {
      const callRead = queryClient.prefetchQuery(callQueries.call(trace, { project_id: project, id: item.call_id }));
      void queryClient.prefetchQuery(feedbackQueries.calls(trace, project, [item.call_id]));
      // After this item's call has been read and the page is idle: the read-ahead must not slow the item being shown.
      void callRead.then(() =>
        whenIdle(() => void readAhead(item.id, reader), { timeoutMs: READ_AHEAD_WAIT_MS, fallbackMs: 0 }),
      );
    },
    [trace, queryClient, project, readAhead],
  );

  /**
   * Whether the item, as this page last knew it, is in progress and mine, and not completed or skipped here: an item
   * left so is still to be finished by me. One walked past with n or p (never claimed) or lost to someone is not.
   */
  const heldByMe = useCallback(
    (itemId: string) => {
      if (!me || passedOver.current.has(itemId) || [...(finishedHere?.() ?? [])].includes(itemId)) return false;
      const key = itemQueryOptions(trace, project, queueId, itemId).queryKey;
      const known = queryClient.getQueryData<{ items: AnnotationQueueItem[] }>(key)?.items[0];
      return known?.annotation_state === "in_progress" && known.annotator_user_id === me;
    },
    [me, finishedHere, queryClient, trace, project, queueId],
  );
  /** Whether an item left behind, other than `leaving`, could still be offered (not lost, not finished since). */
  const anyLeftBesides = useCallback(
    (leaving: string | null) => {
      const gone = notToOffer(leaving, false);
      return [...leftBehind.current].some((id) => !gone.has(id));
    },
    [notToOffer],
  );

  const findAndClaim = useCallback(
    async (leaving: string | null, atOnce: boolean): Promise<Claimed | ClaimOnItsWay | null> => {
      setStatus({ phase: "claiming" });
      try {
        let caller = me;
        if (leaving && heldByMe(leaving)) leftBehind.current.add(leaving);
        const search = (leftToo: boolean) => {
          const exclude = notToOffer(leaving, leftToo);
          const context = { projectId: project, queueId, view, me: caller ?? "", settings, questionIds, exclude };
          return findNextForMe(trace, { ...context, now: Date.now() }, { cache: records.current });
        };
        for (let tries = 0; tries < MAX_TRIES; tries++) {
          // The items left behind come back once nothing else is offered: they are mine, still to be finished.
          const offer = (await search(true)) ?? (anyLeftBesides(leaving) ? await search(false) : null);
          if (!offer) {
            setStatus({ phase: "none" });
            return null;
          }
          rememberPositions(queryClient, positionsKey(trace, project, queueId, view), [offer.item]);
          const where = { projectId: project, queueId, me: caller ?? "" };
          const itemKey = itemQueryOptions(trace, project, queueId, offer.item.id).queryKey;
          // Shown at once, while the claim's write is on its way: the write is then off the path from the key
          // press to the item (the read-back after the settle finds a claim lost either way). Only when I am
          // known: the write's answer is what names an annotator new to this browser.
          if (atOnce && caller) {
            const mine = caller;
            const written = claimItem(trace, where, offer.item);
            const shown: AnnotationQueueItem = {
              ...offer.item,
              annotation_state: "in_progress",
              annotator_user_id: mine,
            };
            queryClient.setQueryData(itemKey, { items: [shown] });
            readClaimed(shown, mine);
            void written.then(
              (outcome) => {
                if (outcome.outcome === "claimed") queryClient.setQueryData(itemKey, { items: [outcome.item] });
              },
              () => undefined,
            );
            setStatus({ phase: "idle" });
            return { item: shown, offer, written };
          }
          const claimed = await claimItem(trace, where, offer.item);
          if (claimed.outcome === "closed-for-me") {
            passedOver.current.add(offer.item.id);
            continue;
          }
          // The item as the claim left it paints at once; its call and answers are read meanwhile.
          queryClient.setQueryData(itemKey, { items: [claimed.item] });
          if (!caller && claimed.item.annotator_user_id) {
            caller = claimed.item.annotator_user_id;
            rememberRef.current(caller);
          }
          readClaimed(claimed.item, caller);
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
    [
      trace,
      queryClient,
      project,
      queueId,
      view,
      me,
      settings,
      questionIds,
      readClaimed,
      notToOffer,
      rememberRef,
      heldByMe,
      anyLeftBesides,
    ],
  );

  /**
   * Finds and claims the next item offered to me (never `leaving`, the one on screen); null when there is none.
   * `atOnce`: the item is given as soon as it is found, its claim's write still on its way (`written`).
   * `afterLoss`: the move follows a claim found lost, not a press.
   */
  const claimNext = useCallback(
    (leaving: string | null, { atOnce = false, afterLoss = false } = {}): Promise<Claimed | ClaimOnItsWay | null> => {
      // A press of the annotator's own starts the count of refusals in a row again; a move after a lost claim does not.
      if (!afterLoss) closedInARow.current = 0;
      if (running.current) return running.current;
      const claim = findAndClaim(leaving, atOnce).finally(() => {
        running.current = null;
      });
      running.current = claim;
      return claim;
    },
    [findAndClaim],
  );

  /**
   * A claim shown before its write was back, once the write is: "taken" (read back after the settle), "not mine"
   * (the service refused it because my own record on the item is final: the item is passed over and `onLost`
   * told), or "unknown" (the write failed: said, with Retry, and the item read again; no claim was made, so there
   * is none to read back).
   */
  const written = useCallback(
    async (claimed: ClaimOnItsWay, onLost: (lost: LostClaim) => void): Promise<"taken" | "not mine" | "unknown"> => {
      const itemKey = itemQueryOptions(trace, project, queueId, claimed.item.id).queryKey;
      try {
        const outcome = await claimed.written;
        if (outcome.outcome === "claimed") {
          closedInARow.current = 0;
          return "taken";
        }
        passedOver.current.add(claimed.item.id);
        void queryClient.invalidateQueries({ queryKey: itemKey });
        closedInARow.current += 1;
        // A service that refuses every claim of mine must not walk me through the whole queue.
        const moveOn = closedInARow.current < MAX_TRIES;
        if (!moveOn) setStatus({ phase: "none" });
        onLost({ by: null, closedForMe: true, moveOn });
        return "not mine";
      } catch (error) {
        setStatus({ phase: "failed", error });
        void queryClient.invalidateQueries({ queryKey: itemKey });
        return "unknown";
      }
    },
    [trace, queryClient, project, queueId],
  );

  /**
   * Reads the claim back once it has settled (a claim shown at once: once its write is back): true
   * when it held. `onLost` when the item is someone else's, or closed to me (never an error). A
   * read-back that fails, or a claim's write that failed, leaves the item as it is (true): a change
   * made on it is sent and the service decides; the review's refresh shows who holds the item, and
   * Complete over a live claim asks first.
   */
  const confirm = useCallback(
    async (
      claimed: Claimed | ClaimOnItsWay,
      caller: string | null,
      onLost: (lost: LostClaim) => void,
    ): Promise<boolean> => {
      if ("written" in claimed) {
        const write = await written(claimed, onLost);
        if (write !== "taken") return write === "unknown";
      }
      try {
        await settle(CLAIM_SETTLE_MS);
        const who = caller ?? claimed.item.annotator_user_id ?? "";
        const outcome = await confirmClaim(trace, { projectId: project, queueId, me: who }, claimed.offer, settings);
        if (outcome.kept) return true;
        passedOver.current.add(claimed.item.id);
        void queryClient.invalidateQueries({
          queryKey: itemQueryOptions(trace, project, queueId, claimed.item.id).queryKey,
        });
        onLost({ by: outcome.by, closedForMe: false, moveOn: true });
        return false;
      } catch {
        return true;
      }
    },
    [trace, queryClient, project, queueId, settings, written],
  );

  // `ready`: the queue's settings are read; work mode never claims on guessed ones.
  return { status, claimNext, confirm, ready: team.known, dismiss: () => setStatus({ phase: "idle" }) };
}
