import type { AnnotationQueueItem } from "@contract/trace";
import type { AnswersOnCall } from "./call-answers";

/**
 * Reading a whole list of a queue's items, page by page, and the answers on their calls in
 * batches: what the export and the Insights page share.
 */
export const LIST_PAGE_SIZE = 1000;

/**
 * Each request after the first starts this many rows before where the previous one ended. The
 * service pages by offset only, so while annotators work a state-filtered list, rows leave it (or
 * join it) ahead of the reader's offset and the list shifts under it. The overlap finds the last
 * rows already read in the new window and continues right after them: shifts of up to this many
 * rows between two requests lose or repeat nothing.
 */
export const LIST_OVERLAP = 50;

export type FetchItems = (
  window: { offset: number; limit: number },
  signal: AbortSignal,
) => Promise<readonly AnnotationQueueItem[]>;

/** The answers on these calls (at most ANSWERS_BATCH of them per call of this function). */
export type FetchAnswers = (
  callIds: readonly string[],
  signal: AbortSignal,
) => Promise<ReadonlyMap<string, AnswersOnCall>>;

/** Calls per feedback query: a table page's worth, well inside the service's bound on a query's operands. */
export const ANSWERS_BATCH = 250;

/** How a read of the whole list went: realignments after shifts, and whether it could not follow one. */
export type ListReadReport = {
  /** Times the list was found shifted between two requests and the reader lined itself up again. */
  realigned: number;
  /** The list changed more than the overlap could follow: some rows may be missing or repeated. */
  inexact: boolean;
};

/** The answers on the items' calls, read ANSWERS_BATCH calls at a time. */
export async function answersOn(
  items: readonly AnnotationQueueItem[],
  fetchAnswers: FetchAnswers,
  signal: AbortSignal,
): Promise<ReadonlyMap<string, AnswersOnCall>> {
  const callIds = [...new Set(items.map((item) => item.call_id))];
  const merged = new Map<string, AnswersOnCall>();
  for (let start = 0; start < callIds.length; start += ANSWERS_BATCH) {
    signal.throwIfAborted();
    for (const [callId, answers] of await fetchAnswers(callIds.slice(start, start + ANSWERS_BATCH), signal))
      merged.set(callId, answers);
  }
  return merged;
}

/** Lets the browser paint and handle input between pages, so a long read never freezes the tab. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Index in `window` of the last row read before it (`readTail`, newest last), or -1. Looks for
 * the newest row first: if it has itself left the list, an earlier one still anchors.
 */
export function anchorIndex(
  window: readonly AnnotationQueueItem[],
  readTail: readonly string[],
  searchUpTo: number,
): number {
  const positions = new Map<string, number>();
  for (let i = 0; i < Math.min(window.length, searchUpTo); i++) positions.set((window[i] as AnnotationQueueItem).id, i);
  for (let k = readTail.length - 1; k >= 0; k--) {
    const at = positions.get(readTail[k] as string);
    if (at !== undefined) return at;
  }
  return -1;
}

/**
 * Every row of a list, in its order: calls `onRows` with each page's rows not seen before (it
 * may be async: the next request waits for it) and yields to the browser between pages. Stops
 * when a page comes back short; `signal` cancels between pages and the request in flight.
 */
export async function readWholeList(options: {
  fetchPage: FetchItems;
  signal: AbortSignal;
  onRows: (fresh: readonly AnnotationQueueItem[]) => void | Promise<void>;
  pageSize?: number;
  overlap?: number;
}): Promise<ListReadReport & { rows: number }> {
  const { fetchPage, signal, onRows, pageSize = LIST_PAGE_SIZE, overlap = LIST_OVERLAP } = options;
  let rows = 0;
  let cursor = 0; // offset in the list just after the last row read, as of the last request
  let readTail: string[] = [];
  let realigned = 0;
  let inexact = false;
  for (;;) {
    signal.throwIfAborted();
    const start = Math.max(0, cursor - (rows > 0 ? overlap : 0));
    const limit = pageSize + (cursor - start);
    const window = await fetchPage({ offset: start, limit }, signal);
    let fresh = window.slice(cursor - start);
    if (rows > 0) {
      // Where the rows already read are now: the list may have moved by up to `overlap` rows either way.
      const at = anchorIndex(window, readTail, 2 * overlap + 1);
      if (at === -1) inexact = true;
      else {
        if (at !== cursor - start - 1) realigned += 1;
        const seen = new Set(readTail);
        fresh = window.slice(at + 1).filter((item) => !seen.has(item.id));
      }
    }
    if (fresh.length > 0) {
      await onRows(fresh);
      readTail = [...readTail, ...fresh.slice(-overlap).map((item) => item.id)].slice(-overlap);
    }
    rows += fresh.length;
    cursor = start + window.length;
    if (window.length < limit) break;
    await nextTask();
  }
  signal.throwIfAborted();
  return { rows, realigned, inexact };
}
