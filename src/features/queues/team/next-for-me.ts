import type { AnnotationQueueItem, ItemsQueryRequest } from "@contract/trace";
import { ANNOTATION_FEEDBACK_PREFIX, type Feedback } from "@contract/trace-feedback";
import { parseObjectRef } from "@contract/weave-refs";
import { readCallsFeedback } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import { callIdOf } from "../shared/call-answers";
import { toListRequest, type ItemsTableState } from "../shared/items-url-state";
import { claimOn } from "./claims";
import type { TeamSettings } from "./team-settings";

/** Rows of the first read: it usually holds the next item, and it is on the way from the key press to the item. */
export const FIRST_PAGE = 20;
/** Rows of each later read, when the first held nothing for me. */
export const SEARCH_PAGE = 100;
/**
 * One of the first few items offered, at random: annotators who press at the same moment then
 * mostly claim different items instead of racing for the first one (a lost race costs a move).
 */
const SPREAD = 3;
/** Pages read at most per search: a queue done for me is said to be done, not searched to its last row forever. */
const MAX_PAGES = 100;

/** The list work mode walks: the table's scalar filters and sort (its State filter is set aside). */
export type WorkView = Pick<ItemsTableState, "sort" | "op" | "callId" | "traceId" | "itemId" | "addedBy">;

export type SearchContext = {
  projectId: string;
  queueId: string;
  view: WorkView;
  me: string;
  settings: TeamSettings;
  /** The queue's question ids (`wandb.annotation.<id>` feedback is an answer to them). */
  questionIds: readonly string[];
  /** Items not to offer: the one on screen, ones just lost to someone else, ones my own record closed. */
  exclude: ReadonlySet<string>;
  now: number;
};

/** An item offered to me, and how many annotators had answered it when it was found (the claim's rules need it). */
export type Offer = { item: AnnotationQueueItem; answerers: number };

/** The question ids of a queue's scorer refs (a ref's object name is the question id). */
export function questionIdsOf(scorerRefs: readonly string[]): string[] {
  return scorerRefs.flatMap((ref) => {
    const parsed = parseObjectRef(ref);
    return parsed ? [parsed.name] : [];
  });
}

/** Who answered one call: annotators with an answer to one of the queue's questions on it. */
export function answerersOf(rows: readonly Feedback[], questionIds: readonly string[]): Set<string> {
  const types = new Set(questionIds.map((id) => `${ANNOTATION_FEEDBACK_PREFIX}${id}`));
  const who = new Set<string>();
  for (const row of rows) if (types.has(row.feedback_type)) who.add(row.wb_user_id);
  return who;
}

/**
 * Whether work mode offers me the item (README, "How a team works a queue"):
 * - never one I answered, finished, or that `exclude` names; always one I hold in progress myself;
 * - one answer per item: an unstarted item, or one whose claim is stale;
 * - N answers per item: while fewer than N annotators have answered it, counting a live claim of
 *   someone else's as an answer on its way.
 */
export function isOffered(
  item: AnnotationQueueItem,
  rows: readonly Feedback[],
  context: Pick<SearchContext, "me" | "settings" | "questionIds" | "exclude" | "now">,
): { offered: boolean; answerers: number } {
  const { me, settings } = context;
  const answerers = answerersOf(rows, context.questionIds);
  const no = { offered: false, answerers: answerers.size };
  if (context.exclude.has(item.id) || answerers.has(me)) return no;
  const writer = item.annotator_user_id || null;
  if (writer === me && item.annotation_state !== "unstarted")
    return { offered: item.annotation_state === "in_progress", answerers: answerers.size };
  const claim = claimOn(item, rows, settings, context.now);
  const heldByOther = claim !== null && !claim.stale ? 1 : 0;
  if (settings.answersPerItem <= 1) {
    const open = item.annotation_state === "unstarted" || (claim !== null && claim.stale);
    return { offered: open, answerers: answerers.size };
  }
  return { offered: answerers.size + heldByOther < settings.answersPerItem, answerers: answerers.size };
}

function searchRequest(context: SearchContext, offset: number, limit: number): ItemsQueryRequest {
  // One answer per item: only items nobody finished can be offered, so the service filters them.
  const states = context.settings.answersPerItem <= 1 ? (["unstarted", "in_progress"] as const) : [];
  // With their queue positions (the list's own: a position is counted before the state filter): the heading numbers
  // the item claimed from these rows at once, not a read later: still the one request on the key press.
  return toListRequest(context.projectId, { ...context.view, states: [...states] }, { offset, limit });
}

/**
 * Claim records read for a call, kept between searches: a claim's age never changes, so rows that
 * hold a record of the item's current writer still judge it. Only a new writer (a new claim) needs
 * a new read, and the search on a key press usually reads none. `openAt`: when a search last saw
 * the item unstarted (no rows read for it).
 */
export type RecordCache = Map<string, { rows: Feedback[]; writer: string | null; openAt?: number }>;

const writerOf = (item: AnnotationQueueItem) => item.annotator_user_id || null;

/**
 * Whether someone else's claim on the item is surely live without reading its records: a search
 * saw the item unstarted less than a claim timeout ago, so whoever holds it claimed it since (a
 * record never goes back to unstarted). The usual case on a key press: the item a teammate took
 * a moment ago, seen open by the search before.
 */
function claimedSinceSeenOpen(row: AnnotationQueueItem, context: SearchContext, cache: RecordCache): boolean {
  const openAt = cache.get(row.call_id)?.openAt;
  return openAt !== undefined && context.now - openAt < context.settings.claimTimeoutMinutes * 60_000;
}

/**
 * Feedback of the calls that need it to be judged, by call id (one request per page at most), and
 * the calls held by a claim known to be live without it (never offered with one answer per item).
 */
async function feedbackByCall(
  trace: TraceClient,
  context: SearchContext,
  rows: readonly AnnotationQueueItem[],
  cache: RecordCache,
  signal?: AbortSignal,
): Promise<{ byCall: Map<string, readonly Feedback[]>; liveClaims: Set<string> }> {
  const byCall = new Map<string, readonly Feedback[]>();
  const liveClaims = new Set<string>();
  const single = context.settings.answersPerItem <= 1;
  if (single)
    for (const row of rows)
      if (row.annotation_state === "unstarted") cache.set(row.call_id, { rows: [], writer: null, openAt: context.now });
  // With one answer per item only someone else's claim needs its records; an unstarted item needs none.
  const judged = single
    ? rows.filter((row) => row.annotation_state === "in_progress" && writerOf(row) !== context.me)
    : rows;
  const unread = judged.filter((row) => {
    const known = single ? cache.get(row.call_id) : undefined;
    if (known && known.writer === writerOf(row)) byCall.set(row.call_id, known.rows);
    else if (single && claimedSinceSeenOpen(row, context, cache)) liveClaims.add(row.call_id);
    return !byCall.has(row.call_id) && !liveClaims.has(row.call_id);
  });
  if (unread.length === 0) return { byCall, liveClaims };
  const feedback = await readCallsFeedback(
    trace,
    context.projectId,
    unread.map((row) => row.call_id),
    { signal },
  );
  const read = new Map<string, Feedback[]>(unread.map((row) => [row.call_id, []]));
  for (const row of feedback) {
    const callId = callIdOf(row.weave_ref);
    if (callId !== null) read.get(callId)?.push(row);
  }
  for (const row of unread) {
    const rowsOfCall = read.get(row.call_id) ?? [];
    byCall.set(row.call_id, rowsOfCall);
    // Kept only when they date the writer's claim: a claim's record is written beside its progress, and a read
    // between the two finds none yet. Kept undated, the claim would count as stale at every search after.
    if (typeof claimOn(row, rowsOfCall, context.settings, context.now)?.since === "number")
      cache.set(row.call_id, { rows: rowsOfCall, writer: writerOf(row) });
  }
  return { byCall, liveClaims };
}

/** The first SPREAD items of a page offered to me, in the list's order. */
async function offersIn(
  trace: TraceClient,
  context: SearchContext,
  items: readonly AnnotationQueueItem[],
  cache: RecordCache,
  signal?: AbortSignal,
): Promise<Offer[]> {
  const { byCall, liveClaims } = await feedbackByCall(trace, context, items, cache, signal);
  const offers: Offer[] = [];
  for (const item of items) {
    if (liveClaims.has(item.call_id)) continue;
    const judged = isOffered(item, byCall.get(item.call_id) ?? NO_ROWS, context);
    if (judged.offered) offers.push({ item, answerers: judged.answerers });
    if (offers.length === SPREAD) break;
  }
  return offers;
}

/**
 * The items the next search will most likely offer me (the first page's few), read while the
 * annotator works on the current one so their calls can be read ahead. It also marks the items it
 * sees unstarted in `cache`, so the search on the key press needs no claim records for an item a
 * teammate takes in the meantime.
 */
export async function likelyOffers(
  trace: TraceClient,
  context: SearchContext,
  options: { signal?: AbortSignal; cache: RecordCache },
): Promise<Offer[]> {
  const { items } = await trace.queryItems(context.queueId, searchRequest(context, 0, FIRST_PAGE), {
    signal: options.signal,
  });
  return offersIn(trace, context, items, options.cache, options.signal);
}

/**
 * An item of the list offered to me, from the top: whoever works the queue takes one of the
 * earliest open items, so a team fills the queue in order and an item left stale is taken soon.
 * Null when the queue holds none for me.
 */
export async function findNextForMe(
  trace: TraceClient,
  context: SearchContext,
  options: { signal?: AbortSignal; cache?: RecordCache; pick?: () => number } = {},
): Promise<Offer | null> {
  const pick = options.pick ?? Math.random;
  const cache = options.cache ?? new Map();
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const limit = page === 0 ? FIRST_PAGE : SEARCH_PAGE;
    const { items } = await trace.queryItems(context.queueId, searchRequest(context, offset, limit), {
      signal: options.signal,
    });
    offset += items.length;
    const offers = await offersIn(trace, context, items, cache, options.signal);
    if (offers.length > 0) return offers[Math.floor(pick() * offers.length)] as Offer;
    if (items.length < limit) return null;
  }
  return null;
}

const NO_ROWS: readonly Feedback[] = [];
