import type { AnnotationQueueItem, ItemsQueryRequest } from "@contract/trace";
import { ANNOTATION_FEEDBACK_PREFIX, type Feedback } from "@contract/trace-feedback";
import { parseObjectRef } from "@contract/weave-refs";
import { readCallsFeedback } from "@/api/annotation-specs";
import type { TraceClient } from "@/api/trace";
import { callIdOf } from "../shared/call-answers";
import { toListRequest, type ItemsTableState } from "../shared/items-url-state";
import { claimOn } from "./claims";
import type { TeamSettings } from "./team-settings";

/** Rows read per request while searching: one read usually holds the next item for everyone working the queue. */
export const SEARCH_PAGE = 100;
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

function searchRequest(context: SearchContext, offset: number): ItemsQueryRequest {
  // One answer per item: only items nobody finished can be offered, so the service filters them.
  const states = context.settings.answersPerItem <= 1 ? (["unstarted", "in_progress"] as const) : [];
  const request = toListRequest(
    context.projectId,
    { ...context.view, states: [...states] },
    { offset, limit: SEARCH_PAGE },
  );
  return { ...request, include_position: false };
}

/** Feedback of the calls that need it to be judged, by call id: one request per page at most. */
async function feedbackByCall(
  trace: TraceClient,
  context: SearchContext,
  rows: readonly AnnotationQueueItem[],
  signal?: AbortSignal,
): Promise<Map<string, Feedback[]>> {
  // With one answer per item only someone else's claim needs its records; an unstarted item needs none.
  const judged =
    context.settings.answersPerItem <= 1
      ? rows.filter((row) => row.annotation_state === "in_progress" && row.annotator_user_id !== context.me)
      : rows;
  const byCall = new Map<string, Feedback[]>();
  if (judged.length === 0) return byCall;
  const feedback = await readCallsFeedback(
    trace,
    context.projectId,
    judged.map((row) => row.call_id),
    { signal },
  );
  for (const row of feedback) {
    const callId = callIdOf(row.weave_ref);
    if (callId === null) continue;
    const list = byCall.get(callId);
    if (list) list.push(row);
    else byCall.set(callId, [row]);
  }
  return byCall;
}

/**
 * The first item of the list offered to me, from the top: whoever works the queue takes the
 * earliest open item, so a team fills the queue in order and an item left stale is taken next.
 * Null when the queue holds none for me.
 */
export async function findNextForMe(
  trace: TraceClient,
  context: SearchContext,
  signal?: AbortSignal,
): Promise<Offer | null> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items } = await trace.queryItems(context.queueId, searchRequest(context, page * SEARCH_PAGE), { signal });
    const byCall = await feedbackByCall(trace, context, items, signal);
    for (const item of items) {
      const judged = isOffered(item, byCall.get(item.call_id) ?? NO_ROWS, context);
      if (judged.offered) return { item, answerers: judged.answerers };
    }
    if (items.length < SEARCH_PAGE) return null;
  }
  return null;
}

const NO_ROWS: readonly Feedback[] = [];
