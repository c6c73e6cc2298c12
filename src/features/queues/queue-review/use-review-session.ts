import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from "react-router-dom";
import type { AnnotationQueueItem, SettableState } from "@contract/trace";
import { useApiClients } from "@/connection/api-clients";
import { holdForNextFrame, pageGoing } from "@/lib/frame-hold";
import { useLatest } from "@/lib/use-latest";
import { formatCount } from "@/lib/number-format";
import { STATE_LABELS } from "../shared/item-state";
import { INDEX_PARAM, reviewHref, tableHref, WORK_PARAM, type ItemsLocationState } from "../shared/links";
import { matchesFilter, parseItemsTableState } from "../shared/items-url-state";
import { useAnnotator } from "../shared/annotator-identity";
import type { ListWindow } from "../shared/cached-lists";
import { neighboursIn, type Neighbours } from "./list-window";
import { alongTrail, EMPTY_TRAIL, movedOn, shownOn, trailOf, type Trail, type TrailEntry } from "./review-trail";
import { allowedMoves, ownState } from "./transition-rules";
import { firstUnstartedIn, useNextUnstarted } from "./use-next-unstarted";
import {
  itemQueryOptions,
  positionsKey,
  rememberPositions,
  seedItemRead,
  useListWindow,
  usePrefetchNeighbours,
  useReviewItem,
  type ListView,
} from "./use-review-queries";
import { useSetProgress, type ProgressChange } from "./use-set-progress";
import { useUnansweredCheck, type UnansweredCheck } from "./annotate/use-unanswered";
import { useCallAnswersChange } from "./annotate/use-call-answers-change";
import { useTeamSettings } from "../api/team-settings";
import { useWorkMode, type Claimed, type ClaimOnItsWay, type LostClaim } from "./use-work-mode";
import { useTakeoverCheck } from "./use-takeover-check";
import { useAfterPaint } from "./use-after-paint";
import { movedFrom, type Moved } from "./moved-state";
import type { Claim } from "../team/claims";
import { claimSince } from "../team/claim-label";
import { recordClaim } from "../team/claim-item";
import { SILENCE, confirmed, said, silencedIf, type Announcement } from "./announcement";

export type ReviewAction = { state: SettableState; advance: boolean };
export type Refusal = { change: ProgressChange; error: unknown; label: string };
type Target = { item: AnnotationQueueItem; neighbours: Neighbours | undefined };
type Direction = "prev" | "next";
/** A progress change sent or waiting for the one before it on the same item; `auto` when answering started the item. */
type Write = { state: SettableState; auto: boolean; done: Promise<void> };
type Move = Parameters<typeof movedOn>[2];
/** What a review's address carries besides the item: `claimed`, the claim the queue page made for it, to be read back here. */
export type ReviewLocationState = { wrapped?: boolean; claimed?: Claimed } | null;

/** Moves kept while an item's place is read, at most (capped at each press): more quick presses than this are a held key, not a count. */
const MAX_QUEUED_STEPS = 10;
/** How long an item claimed in work mode is on screen before its place in the list is read. */
const WORK_MODE_PLACE_DELAY_MS = 1000;
const clamp = (moves: number, limit: number) => Math.max(-limit, Math.min(limit, moves));

const parseHint = (raw: string | null) => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : null);

/**
 * The work of one review: the item, its place in the table's list, and the moves an annotator makes
 * (set a state, and move on). Keys act on the *target*: the item on screen, or the one a move has
 * just gone to while the page is still drawing it, so keys pressed in quick succession each act on
 * the item they were meant for. Moving on reads the next item from the list around the current
 * one, compared by the list's order: it never depends on a remembered index being right.
 * Completing an item with questions unanswered takes a second press: the first names them.
 */
export function useReviewSession(
  project: string,
  queueId: string,
  urlItemId: string,
  scorerRefs: readonly string[] | undefined,
) {
  // The router's navigate is a new function at every address: through a ref, the moves made from it
  // (and the memoised controls given them) stay the same from item to item. Every address given is absolute.
  const routerNavigate = useNavigate();
  const navigateRef = useLatest(routerNavigate);
  // A move's address is written after the next item is painted (writing it, history.replaceState, costs the key's
  // handling milliseconds the item's first frame need not wait for). Leaving the review drops one still waiting, and
  // any a late answer (a search, a claim) would still ask for.
  const addressAfterPaint = useAfterPaint();
  const stopAddresses = addressAfterPaint.stop;
  const navigate = useCallback(
    (to: string, options?: NavigateOptions) => {
      stopAddresses();
      void navigateRef.current(to, options);
    },
    [stopAddresses, navigateRef],
  );
  const location = useLocation();
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The table's view without the item's place (`i`, new with every item): the view, and every
  // callback made from it, stays the same object from item to item, so what depends on them only
  // (the memoised actions and navigation) does not render again when the address catches up.
  const listSearch = useMemo(() => {
    const listParams = new URLSearchParams(params);
    listParams.delete(INDEX_PARAM);
    return listParams.toString();
  }, [params]);
  const view = useMemo(() => parseItemsTableState(new URLSearchParams(listSearch)).state, [listSearch]);

  // A move shows the next item at once, in the same render as the key press; the address follows (written after
  // the item's paint, then rendered by the router as a transition). Until it arrives, `moved` says which item is on
  // screen, its place and whether in work mode; any other address (Back, a link) wins over it.
  const [moved, setMoved] = useState<Moved | null>(null);
  // Forgotten once the address has caught up, so a later link back to an item moved from is followed.
  if (moved !== null && moved.to === urlItemId) setMoved(null);
  const movedNow = moved !== null && moved.from.includes(urlItemId);
  const itemId = movedNow ? moved.to : urlItemId;
  const hint = movedNow ? moved.index : parseHint(params.get(INDEX_PARAM));
  const workMode = movedNow ? moved.work : params.get(WORK_PARAM) === "1";

  // Items this page changed: their new state decides whether they are in the list, even in a
  // window read before the service had the change.
  const [changed, setChangedState] = useState<ReadonlyMap<string, SettableState>>(new Map());
  // The same, for callbacks that run between renders (a key pressed before the last change painted).
  const changedNow = useRef(changed);
  const setChanged = useCallback(
    (update: (known: ReadonlyMap<string, SettableState>) => ReadonlyMap<string, SettableState>) => {
      changedNow.current = update(changedNow.current);
      setChangedState(changedNow.current);
    },
    [],
  );
  const stateOf = useCallback((i: AnnotationQueueItem) => changed.get(i.id) ?? i.annotation_state, [changed]);
  const listed = useCallback(
    (i: AnnotationQueueItem) => matchesFilter({ ...i, annotation_state: stateOf(i) }, view),
    [view, stateOf],
  );

  const itemQuery = useReviewItem(project, queueId, itemId);
  const item = itemQuery.data;
  // In work mode the next item comes from a claim, not from the list: its place in the table's list
  // (for its number, and Previous / Next) is read only once the annotator has stayed on it a moment,
  // so the reads that find it never sit between a key press and the next claimed item.
  const [placeWanted, setPlaceWanted] = useState<string | null>(null);
  useEffect(() => {
    if (!workMode) return;
    const timer = setTimeout(() => setPlaceWanted(itemId), WORK_MODE_PLACE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [workMode, itemId]);
  const placed = !workMode || placeWanted === itemId ? item : undefined;
  const windowQuery = useListWindow(project, queueId, view, placed, hint, listed);
  const annotator = useAnnotator(trace.scope);
  const nextUnstarted = useNextUnstarted(project, queueId, view);
  const unansweredOn = useUnansweredCheck(project, queueId, scorerRefs, annotator.me);
  const team = useTeamSettings(project, queueId);
  // Items I completed or skipped here, their change sent or still waiting: work mode never offers them to me again.
  // A change the service refused leaves `changed`, and its item is open again.
  const finishedHere = useCallback(
    () => [...changedNow.current].flatMap(([id, state]) => (state === "in_progress" ? [] : [id])),
    [],
  );
  const work = useWorkMode(project, queueId, view, scorerRefs, finishedHere);
  const takeoverOn = useTakeoverCheck(project, team.settings, annotator.me);
  // The item whose claim by someone else was named: the next Complete or Skip on it takes it over.
  const warnedTakeover = useRef<string | null>(null);
  // The item whose unanswered questions were named: the next Complete on it goes ahead.
  const warnedAbout = useRef<string | null>(null);
  // The words of the unanswered warning last said, brought up to date as its questions are answered.
  const unansweredSaid = useRef("");

  // Kept while its inputs stay: the read-ahead runs again only when the neighbours change.
  const neighbours = useMemo(
    () => (item && windowQuery.data ? neighboursIn(windowQuery.data, item, view.sort, listed) : undefined),
    [item, windowQuery.data, view.sort, listed],
  );
  const refetchWindow = windowQuery.refetch;
  const settled = !!neighbours && !windowQuery.isPlaceholderData;
  // 0 for a window that stands in (placeholder): rows seeded from it are read again when shown.
  const windowReadAt = windowQuery.isPlaceholderData ? 0 : windowQuery.dataUpdatedAt;
  // The way the annotator is walking the list: the window read ahead is the one on that side.
  const [walking, setWalking] = useState<Direction>("next");
  // The item Next unstarted takes from the window at hand, without a read, when it is there: read ahead too, so a
  // press draws it at once (with no State filter it is often past the two rows read ahead).
  const unstartedAhead = useMemo(() => firstUnstartedIn(neighbours, stateOf), [neighbours, stateOf]);
  usePrefetchNeighbours(project, queueId, view, { neighbours, unstartedAhead }, windowReadAt, walking);
  const positions = useKnownPositions(project, queueId, view, windowQuery.data);
  // The window's own row first: the positions are kept after the render that brings a new window,
  // and an item whose window came with it (Next unstarted's read) would show "Item" without its number for a frame or more.
  const position = positionIn(windowQuery.data, itemId) ?? positions[itemId] ?? null;

  const [announcement, setAnnouncement] = useState<Announcement>(SILENCE);
  const say = useCallback(
    (text: string, tone: Announcement["tone"] = "info", ask?: string) => setAnnouncement(said(text, tone, ask)),
    [],
  );
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // The item "& next" was pressed on; once its place is known the review moves on, or says it is the last.
  const [advanceFrom, setAdvanceFrom] = useState<string | null>(null);
  // An item named by its number where known: a change's outcome often arrives after the review has
  // moved on (Complete & next), and "the previous item" would be wrong once it has moved again.
  const labelOf = (id: string) => {
    const at = positions[id];
    return at ? `Item ${formatCount(at)}` : id === itemId ? "The item" : "An item you left";
  };
  // For outcomes told to callbacks made in an earlier render (a claim's read-back).
  const labelOfRef = useLatest(labelOf);

  // Per item, the last progress change sent or waiting: changes to one item go out one after another.
  const writes = useRef(new Map<string, Write>());
  // Items claimed in work mode whose claim is still settling: a change waits for it, and is dropped
  // when the claim was lost (the item is someone else's; the review has moved on).
  const claimGates = useRef(new Map<string, Promise<boolean>>());
  // A claim found lost while its item is still on screen: until the review has moved on, keys do not act on it.
  const yielding = useRef<{ itemId: string; lost: LostClaim } | null>(null);
  const progress = useSetProgress(project, queueId, {
    me: annotator.me,
    onAccepted: (accepted) => {
      annotator.remember(accepted.annotator_user_id);
      setAnnouncement(
        confirmed(`${labelOf(accepted.id)} marked ${STATE_LABELS[accepted.annotation_state].toLowerCase()}.`),
      );
    },
    onRefused: (change, error) => {
      // A change queued behind the refused one (Complete after the start an answer made) still stands.
      const latest = writes.current.get(change.itemId);
      if (!latest || latest.state === change.state) setChanged((current) => withoutKey(current, change.itemId));
      setRefusal({ change, error, label: labelOf(change.itemId) });
    },
  });
  const sendProgress = progress.mutateAsync;
  const write = useCallback(
    (id: string, state: SettableState, auto: boolean) => {
      const before = writes.current.get(id);
      // The outcome is handled by the mutation's callbacks; this promise only orders the writes.
      const send = () =>
        sendProgress({ itemId: id, state, auto }).then(
          () => undefined,
          () => undefined,
        );
      const gate = claimGates.current.get(id);
      const gated = gate
        ? () =>
            gate.then((held) => {
              if (held) return send();
              setChanged((current) => withoutKey(current, id));
            })
        : send;
      // After the one before it, or at once when the page goes first: the browser finishes both (keepalive), and a
      // change still waiting for an answer the page will never read would never be sent (a Complete & next followed at
      // once by a reload or a link elsewhere). Either order ends in the later state: a start after Complete is refused.
      const after = before ? Promise.race([before.done, pageGoing()]) : null;
      const entry: Write = { state, auto, done: after ? after.then(gated) : gated() };
      writes.current.set(id, entry);
      void entry.done.then(() => {
        if (writes.current.get(id) === entry) writes.current.delete(id);
      });
      setChanged((known) => new Map(known).set(id, state));
      setRefusal(null);
    },
    [sendProgress, setChanged],
  );

  // The items this review has shown, in walking order: Previous and Next follow it before the list.
  const trail = useRef<Trail>(EMPTY_TRAIL);
  const [trailEnds, setTrailEnds] = useState({ back: false, forward: false });
  const setTrail = useCallback((next: Trail) => {
    trail.current = next;
    const ends = { back: next.at > 0, forward: next.at < next.entries.length - 1 };
    setTrailEnds((old) => (old.back === ends.back && old.forward === ends.forward ? old : ends));
  }, []);

  // What keys act on. After a move it is the item moved to, until the page shows it.
  const target = useRef<Target | null>(null);
  const movingTo = useRef<string | null>(null);
  // Previous / Next pressed while the target's place is still being read: kept (as a net count of
  // moves, + for next) and made once the place is known, so a quick key press is never lost.
  const queuedSteps = useRef<{ from: string; moves: number } | null>(null);
  const lastWindow = useRef<{ window: ListWindow | undefined; readAt: number }>({ window: undefined, readAt: 0 });
  // Before the paint: a key pressed as soon as the item shows acts on it, not on "still loading".
  useLayoutEffect(() => {
    lastWindow.current = { window: windowQuery.data, readAt: windowReadAt };
    if (!item || (movingTo.current !== null && movingTo.current !== item.id)) return;
    movingTo.current = null;
    target.current = { item, neighbours };
    // Reached some other way than a move of this review (a link, the first item): the trail starts here, and a
    // warning about the item before is no longer about what is on screen (a move of this review clears it in goTo).
    if (shownOn(trail.current)?.item.id !== item.id) {
      setTrail(trailOf({ item, index: neighbours?.index ?? null }));
      setAnnouncement(silencedIf((announced) => announced.tone === "warning"));
    }
  }, [item, neighbours, windowQuery.data, windowReadAt, setTrail]);

  // In the commit that renders the address: a key pressed right after it (before effects) reads the new one.
  const urlItem = useLatest(urlItemId);
  const scheduleAddress = addressAfterPaint.schedule;
  const goTo = useCallback(
    (destination: TrailEntry, how: Move, state?: ReviewLocationState, inWorkMode = workMode) => {
      // The next item's frame comes first: what can wait (the read-ahead, Complete & next's request) waits for it.
      holdForNextFrame();
      // An item shown before is painted from its latest read: it may have changed since (completed here).
      const read = how.startsWith("along")
        ? queryClient.getQueryData<{ items: AnnotationQueueItem[] }>(
            itemQueryOptions(trace, project, queueId, destination.item.id).queryKey,
          )
        : undefined;
      const to = { item: read?.items[0] ?? destination.item, index: destination.index };
      setTrail(movedOn(trail.current, to, how));
      const { window: around, readAt } = lastWindow.current;
      const known = around ? neighboursIn(around, to.item, view.sort, listed) : undefined;
      target.current = { item: to.item, neighbours: known };
      movingTo.current = to.item.id;
      // Moves kept for the item left belong to it (step queues the rest of its presses again).
      queuedSteps.current = null;
      warnedAbout.current = null;
      warnedTakeover.current = null;
      yielding.current = null;
      // What was said about the item left (a warning, "the first item") is not about the one shown next.
      say("");
      // Its row is known: the item paints from it at once (and is read again if the row is old).
      seedItemRead(queryClient, trace, project, queueId, to.item, readAt);
      setMoved((last) =>
        movedFrom(last, urlItem.current, {
          to: to.item.id,
          index: to.index,
          work: inWorkMode,
          wrapped: state?.wrapped === true,
        }),
      );
      // Moving between items replaces the history entry: Back leaves the review, not item by item. The address
      // (the whole table view, serialised) is made when it is written, after the paint, not in the key's handling.
      scheduleAddress(
        () =>
          void navigateRef.current(reviewHref(project, queueId, to.item.id, view, to.index, { work: inWorkMode }), {
            replace: true,
            state,
          }),
        // Another address came first (a link, Back): it wins, even one naming an item this move left. In a
        // transition, as the router renders that address: one render shows it, not the item left on the way.
        () => startTransition(() => setMoved(null)),
      );
    },
    [
      scheduleAddress,
      queueId,
      view,
      listed,
      queryClient,
      trace,
      project,
      say,
      setTrail,
      workMode,
      navigateRef,
      urlItem,
    ],
  );

  // Work mode's move: claim the next item offered to me and show it; a claim lost once it settles moves on again.
  const nextForMeRef = useRef<(why?: string) => Promise<void>>(async () => undefined);
  const confirmClaim = work.confirm;
  const readBack = useCallback(
    (claimed: Claimed | ClaimOnItsWay) => {
      const id = claimed.item.id;
      const gate = confirmClaim(claimed, annotator.me ?? claimed.item.annotator_user_id ?? null, (lost) => {
        if (target.current?.item.id !== id) {
          // Moved on already: a change made on it waited for this check and is dropped; the annotator is told.
          const dropped = writes.current.get(id);
          const why = lost.closedForMe ? "you had completed or skipped it before" : lostClaimReason(lost);
          if (dropped)
            say(
              `${labelOfRef.current(id)}: ${why}, so it was not marked ${STATE_LABELS[dropped.state].toLowerCase()} (your answers on it are kept).`,
              "warning",
            );
          return;
        }
        // Still on it: keys no longer act on it; move on at once and say why (the only trace a lost claim leaves).
        yielding.current = { itemId: id, lost };
        if (!lost.moveOn) return say(`${lostClaimReason(lost)}.`, "warning");
        say(`${lostClaimReason(lost)}: finding the next one for you.`);
        void nextForMeRef.current(lostClaimReason(lost));
      });
      claimGates.current.set(id, gate);
      void gate.then(() => {
        if (claimGates.current.get(id) === gate) claimGates.current.delete(id);
      });
    },
    [confirmClaim, annotator.me, say, labelOfRef],
  );
  const claimNext = work.claimNext;
  /** `why`: the reason the item left was not the annotator's, said once the next one is shown (the move clears what was said). */
  const goNextForMe = useCallback(
    async (why?: string) => {
      setWalking("next");
      const leaving = target.current?.item.id ?? null;
      // Shown as soon as it is found: its claim's write is read back with the claim, off the path to the paint.
      const claimed = await claimNext(leaving, { atOnce: true, afterLoss: why !== undefined });
      // A press that joined a search on its way (another press, a lost claim's move) has its item shown already.
      if (!claimed || target.current?.item.id === claimed.item.id) return;
      goTo({ item: claimed.item, index: null }, "ahead", null, true);
      // As a warning: the confirmation of the item left (its Complete, often answered after this) must not replace why
      // the annotator is on another item than the one offered (announcement.ts, `confirmed`).
      if (why) say(`${why}; here is the next one for you.`, "warning");
      readBack(claimed);
    },
    [claimNext, goTo, readBack, say],
  );
  useEffect(() => {
    nextForMeRef.current = goNextForMe;
  }, [goNextForMe]);
  // The claim the queue page's "Start annotating" made for the item opened: read back here, once.
  const handedOver = useRef<string | null>(null);
  const handed = (location.state as ReviewLocationState)?.claimed;
  useEffect(() => {
    if (!workMode || !handed || handedOver.current === handed.item.id) return;
    handedOver.current = handed.item.id;
    readBack(handed);
  }, [workMode, handed, readBack]);

  /** Next for "& next": the item the trail went on to, else the list's next; at the end, said once the place is known. */
  const moveOn = useCallback(
    (current: Target) => {
      if (workMode) return void goNextForMe();
      setWalking("next");
      const along = alongTrail(trail.current, "next");
      if (along && shownOn(trail.current)?.item.id === current.item.id) return goTo(along, "along-next");
      if (current.neighbours?.next) return goTo(current.neighbours.next, "ahead");
      setAdvanceFrom(current.item.id);
      // The window at hand cannot place the item: read it again now rather than at the next refresh.
      if (!current.neighbours) void refetchWindow();
    },
    [goTo, refetchWindow, workMode, goNextForMe],
  );

  const act = useCallback(
    ({ state, advance }: ReviewAction) => {
      // The latest key wins: Previous / Next still waiting for a place are dropped.
      queuedSteps.current = null;
      const current = target.current;
      if (!current) return say("The item is still loading.");
      if (yielding.current?.itemId === current.item.id)
        return yielding.current.lost.moveOn
          ? say(`${lostClaimReason(yielding.current.lost)}: moving you to the next one for you.`)
          : say(`${lostClaimReason(yielding.current.lost)}.`, "warning");
      // What this page shows of the item: its row, with the changes made here that may not be in it yet.
      const known = changedNow.current.get(current.item.id);
      const shown = known
        ? {
            ...current.item,
            annotation_state: known,
            annotator_user_id: annotator.me ?? current.item.annotator_user_id,
          }
        : current.item;
      // Skip & next on an item already skipped (by me) changes nothing there, and moves on.
      if (advance && ownState(shown, annotator.me) === state) return moveOn(current);
      const move = allowedMoves(shown, annotator.me)[state];
      if (!move.allowed) {
        const final = ownState(shown, annotator.me);
        // "& next" on an item finished the other way (skipped, then Complete & next): it stays as it is, and the review
        // moves on as the key asked. Staying, the answers typed next at speed would land on the item left behind.
        if (advance && (final === "completed" || final === "skipped")) {
          moveOn(current);
          // A warning: the start the next item's first answer makes, confirmed a moment later, does not replace it.
          return say(
            `${labelOfRef.current(current.item.id)} stays ${STATE_LABELS[final].toLowerCase()}, which is final: it was not marked ${STATE_LABELS[state].toLowerCase()} (your answers on it are kept).`,
            "warning",
          );
        }
        return say(`Not marked ${STATE_LABELS[state].toLowerCase()}: ${move.reason}`);
      }
      const pending = writes.current.get(current.item.id);
      // Only the start an answer made is waited for: any other change still on its way is the annotator's own, and final.
      if (pending && !pending.auto) return say("The last change to this item is still being saved.");
      // Someone else holds the item (a live claim): the first Complete or Skip says so, the next takes it over.
      if (state !== "in_progress" && warnedTakeover.current !== current.item.id) {
        const claim = takeoverOn(shown);
        if (claim) {
          warnedTakeover.current = current.item.id;
          return say(takeoverWarning(claim, state === "completed" ? "Complete" : "Skip"), "warning", current.item.id);
        }
      }
      if (state === "completed" && warnedAbout.current !== current.item.id) {
        const unanswered = unansweredOn(current.item.call_id);
        if (!Array.isArray(unanswered) || unanswered.length > 0) {
          warnedAbout.current = current.item.id;
          unansweredSaid.current = unansweredWarning(unanswered);
          return say(unansweredSaid.current, "warning", current.item.id);
        }
      }
      warnedAbout.current = null;
      // The warning a first press on this item gave is answered by this one: its outcome is what is said next.
      setAnnouncement(silencedIf((announced) => announced.ask === current.item.id));
      write(current.item.id, state, false);
      if (state === "in_progress") recordClaim(trace, { projectId: project, queueId }, current.item);
      if (advance) moveOn(current);
    },
    [annotator.me, write, moveOn, say, unansweredOn, takeoverOn, trace, project, queueId, labelOfRef],
  );

  /**
   * A first Complete's warning names the questions left unanswered: each change to the item's answers (one given here,
   * or a colleague's read since) brings it up to date, so it never names one the page shows answered, and it still asks
   * for the second press. Once none is left it goes, and the next press checks again (an answer refused meanwhile is
   * unanswered again).
   */
  const followUnansweredWarning = useCallback(
    (warnedItemId: string) => {
      const current = target.current;
      if (!current || current.item.id !== warnedItemId || warnedAbout.current !== warnedItemId) return;
      const before = unansweredSaid.current;
      const left = unansweredOn(current.item.call_id);
      const noneLeft = Array.isArray(left) && left.length === 0;
      const now = noneLeft ? "" : unansweredWarning(left);
      unansweredSaid.current = now;
      if (noneLeft) warnedAbout.current = null;
      // Only while that warning is what is shown (not a claim's, said since), and only when its words change.
      setAnnouncement((shown) => {
        if (shown.ask !== warnedItemId || shown.text !== before || now === before) return shown;
        return noneLeft ? said("")(shown) : { ...shown, text: now };
      });
    },
    [unansweredOn],
  );
  // Watched only while a warning asks about the item shown: a move between items sets up nothing for it.
  const warnedCall = item && announcement.ask === item.id ? item.call_id : undefined;
  useCallAnswersChange(project, warnedCall, () => {
    if (item) followUnansweredWarning(item.id);
  });

  /** The first answer on an item nobody has started starts it, as Start would: the table then shows it in progress. */
  const startOnAnswer = useCallback(
    (answeredItemId: string) => {
      const current = target.current;
      if (!current || current.item.id !== answeredItemId) return;
      followUnansweredWarning(answeredItemId);
      if (writes.current.has(answeredItemId)) return;
      if ((changedNow.current.get(answeredItemId) ?? current.item.annotation_state) !== "unstarted") return;
      write(answeredItemId, "in_progress", true);
      recordClaim(trace, { projectId: project, queueId }, current.item);
    },
    [write, trace, project, queueId, followUnansweredWarning],
  );

  // "& next" pressed before the item's place was known: move once it is, once.
  const advanced = useRef<string | null>(null);
  useEffect(() => {
    if (!item || advanceFrom !== item.id || !settled || !neighbours?.next || advanced.current === item.id) return;
    advanced.current = item.id;
    goTo(neighbours.next, "ahead");
  }, [item, advanceFrom, settled, neighbours, goTo]);

  const step = useCallback(
    (direction: Direction, presses = 1) => {
      setWalking(direction);
      for (let left = presses; left > 0; left--) {
        const current = target.current;
        // The items this review showed come first: the one completed a moment ago under an
        // "unstarted" filter has left the list, and is still the previous one.
        const along = alongTrail(trail.current, direction);
        if (along && current && shownOn(trail.current)?.item.id === current.item.id) {
          goTo(along, direction === "next" ? "along-next" : "along-prev");
          continue;
        }
        if (!current?.neighbours) {
          // Before the item itself has arrived, it is the one the address names.
          const from = current?.item.id ?? urlItem.current;
          const queued = queuedSteps.current?.from === from ? queuedSteps.current.moves : 0;
          const moves = clamp(queued + (direction === "next" ? left : -left), MAX_QUEUED_STEPS);
          queuedSteps.current = moves === 0 ? null : { from, moves };
          // The latest key wins over an "& next" still waiting for the same place.
          setAdvanceFrom(null);
          return say(
            moves === 0 ? "" : "Finding this item's place in the list: the move follows as soon as it is known.",
          );
        }
        const to = current.neighbours[direction];
        if (!to)
          return say(
            direction === "next" ? "This is the last item of the list." : "This is the first item of the list.",
          );
        goTo(to, direction === "next" ? "ahead" : "behind");
      }
    },
    [goTo, say, urlItem],
  );
  useEffect(() => {
    const queued = queuedSteps.current;
    if (!queued || !item || item.id !== queued.from || !neighbours) return;
    queuedSteps.current = null;
    // The move (goTo) also clears "Finding this item's place…".
    step(queued.moves > 0 ? "next" : "prev", Math.abs(queued.moves));
  }, [item, neighbours, step]);

  const listIndex = neighbours?.index ?? null;
  const backIndex = neighbours ? (neighbours.index ?? neighbours.before) : hint;
  // The table's address serialises the whole view: made once per view and place, not in each of a press's renders.
  const backHref = useMemo(() => tableHref(project, queueId, view, backIndex), [project, queueId, view, backIndex]);
  const backState = useMemo<ItemsLocationState>(() => ({ focusItemId: itemId }), [itemId]);
  const back = useCallback(() => navigate(backHref, { state: backState }), [navigate, backHref, backState]);

  const findUnstarted = nextUnstarted.find;
  // Presses of Next unstarted not made yet. One search at a time, each press made from the item the press
  // before it reached: a press that started its own search would abort the one under way and search again
  // from the same item, and the earlier press would be lost.
  const unstartedPresses = useRef(0);
  const goNextUnstarted = useCallback(async () => {
    unstartedPresses.current = Math.min(unstartedPresses.current + 1, MAX_QUEUED_STEPS);
    if (unstartedPresses.current > 1) return;
    setWalking("next");
    // The rows that place the item a press starts from: the window it was shown with, then the read
    // that found it (the window at hand is not the next item's until it has rendered).
    let placing = lastWindow.current.window;
    while (unstartedPresses.current > 0) {
      const current = target.current;
      if (!current) break;
      const around = (placing && neighboursIn(placing, current.item, view.sort, listed)) ?? current.neighbours;
      // Its queue position, from those rows: where it stands among every state.
      const queuePosition = (placing && positionIn(placing, current.item.id)) ?? null;
      const found = await findUnstarted(current.item, { neighbours: around, position: queuePosition, stateOf });
      // None, or another move while it was sought: the answer was for an item no longer shown, and the
      // presses kept were for the walk that move replaced.
      if (!found || target.current?.item.id !== current.item.id) break;
      unstartedPresses.current -= 1;
      placing = found.window ?? placing;
      goTo({ item: found.item, index: found.index }, "ahead", { wrapped: found.wrapped });
    }
    unstartedPresses.current = 0;
  }, [findUnstarted, goTo, stateOf, view.sort, listed]);

  return {
    view,
    item,
    itemQuery,
    windowQuery,
    neighbours,
    settled,
    position,
    listIndex,
    annotator,
    // The start an answer made is not the annotator's own change: the buttons stay ready for Complete.
    saving: !!item && progress.isPending && progress.variables?.itemId === item.id && !progress.variables.auto,
    trail: trailEnds,
    startOnAnswer,
    announcement,
    refusal,
    dismissRefusal: () => setRefusal(null),
    atEnd: !!item && advanceFrom === item.id && !!neighbours && !neighbours.next,
    // From the move until the address is written, so the notice shows with the item it is about, not a frame after.
    wrapped: movedNow ? moved.wrapped : (location.state as ReviewLocationState)?.wrapped === true,
    nextUnstarted: { status: nextUnstarted.status, go: goNextUnstarted },
    workMode,
    work: { status: work.status, go: goNextForMe, dismiss: work.dismiss },
    teamSettings: team.settings,
    // Null outside work mode (the bar then offers the way in), so there the bar stays as it is from item to item.
    leaveWorkHref: workMode ? reviewHref(project, queueId, itemId, view, neighbours?.index ?? hint) : null,
    backHref,
    backState,
    act,
    step,
    back,
  };
}

/**
 * Queue positions seen in this list's windows, kept (in the query cache, per list) while the list
 * stays the same: an item that has left the list (completed under an "unstarted" filter) keeps its
 * number in the heading.
 */
function useKnownPositions(
  projectId: string,
  queueId: string,
  view: ListView,
  window: ListWindow | undefined,
): Readonly<Record<string, number>> {
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => positionsKey(trace, projectId, queueId, view), [trace, projectId, queueId, view]);
  const known = useQuery<Record<string, number>>({ queryKey, queryFn: skipToken, staleTime: Infinity });
  useEffect(() => rememberPositions(queryClient, queryKey, window?.items ?? []), [window, queryClient, queryKey]);
  return known.data ?? NO_POSITIONS;
}

const NO_POSITIONS: Readonly<Record<string, number>> = {};

function positionIn(window: ListWindow | undefined, itemId: string): number | undefined {
  const position = window?.items.find((row) => row.id === itemId)?.position_in_queue;
  return typeof position === "number" ? position : undefined;
}

function unansweredWarning(unanswered: ReturnType<UnansweredCheck>): string {
  // What to do comes before the list: on a wide screen the message is held to two lines beside the buttons.
  const again = "Not completed yet: press Complete again to complete it anyway.";
  if (!Array.isArray(unanswered)) {
    const what = unanswered.notRead === "questions" ? "This queue's questions have" : "The answers given so far have";
    return `${again} ${what} not loaded, so the answers cannot be checked.`;
  }
  const count = unanswered.length === 1 ? "1 question is" : `${unanswered.length} questions are`;
  return `${again} ${count} unanswered: ${unanswered.join(", ")}.`;
}

function takeoverWarning(claim: Claim, action: string): string {
  return `${claim.by} is working on this item ${claimSince(claim, Date.now())}. Press ${action} again to take it over; both of your answers are kept.`;
}

/** Why the claimed item on screen is not the annotator's after all (no ending punctuation). */
function lostClaimReason({ by, closedForMe }: LostClaim): string {
  if (closedForMe) return "You completed or skipped that item before: it is not yours to take again";
  return `${by ?? "Someone else"} took that item a moment before you`;
}

function withoutKey<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}
