import type { AnnotationQueueItem } from "@contract/trace";
import { anchorIndex, LIST_OVERLAP, LIST_PAGE_SIZE, type FetchItems, type ListReadReport } from "../shared/list-pages";
import type { RequestSlots } from "./request-slots";

/** Pages of a list read so far, by page number: what a retry after a failed page does not read again. */
export type ReadPages = Map<number, readonly AnnotationQueueItem[]>;

const windowOf = (page: number, pageSize: number, overlap: number) =>
  page === 0 ? { offset: 0, limit: pageSize } : { offset: page * pageSize - overlap, limit: pageSize + overlap };

/**
 * Every row of a list in its order, its pages read several at once (through `slots`) where the
 * sequential pager (shared/list-pages.ts) reads one after another. Each page after the first starts
 * `overlap` rows early; the pages are put together in order, each continuing after the last rows
 * of the one before found in its overlap, so a list that moves by up to `overlap` rows while it
 * is read loses or repeats nothing (and says `inexact` when it moved more). `expectedRows` (the
 * queue's count) plans the pages; a list longer than that is read on until a page comes back short.
 * `onRows` gets each page's new rows in order. Pages in `done` are not read again, and each page
 * read is put there (a retry resumes).
 */
export async function readListInParallel(options: {
  fetchPage: FetchItems;
  slots: RequestSlots;
  expectedRows: number;
  done: ReadPages;
  signal: AbortSignal;
  onRows: (fresh: readonly AnnotationQueueItem[], page: number) => void;
  pageSize?: number;
  overlap?: number;
}): Promise<ListReadReport & { rows: number }> {
  const { fetchPage, slots, expectedRows, done, signal, onRows } = options;
  const { pageSize = LIST_PAGE_SIZE, overlap = LIST_OVERLAP } = options;
  const pending = new Map<number, Promise<readonly AnnotationQueueItem[]>>();
  const request = (page: number) => {
    const known = done.get(page);
    if (known) return Promise.resolve(known);
    const read = slots(() => fetchPage(windowOf(page, pageSize, overlap), signal), signal).then((rows) => {
      done.set(page, rows);
      return rows;
    });
    // Awaited in order below; a failure before that is not an unhandled rejection.
    read.catch(() => undefined);
    return read;
  };
  const planned = Math.floor(Math.max(0, expectedRows) / pageSize) + 1;
  for (let page = 0; page < planned; page++) pending.set(page, request(page));

  let rows = 0;
  let readTail: string[] = [];
  let realigned = 0;
  let inexact = false;
  for (let page = 0; ; page++) {
    const window = await (pending.get(page) ?? request(page));
    signal.throwIfAborted();
    const { limit } = windowOf(page, pageSize, overlap);
    let fresh = window;
    if (page > 0) {
      const seen = new Set(readTail);
      const at = anchorIndex(window, readTail, 2 * overlap + 1);
      if (at === -1 && window.length > 0 && readTail.length > 0) inexact = true;
      if (at !== -1 && at !== overlap - 1) realigned += 1;
      fresh = window.slice(at === -1 ? Math.min(overlap, window.length) : at + 1).filter((item) => !seen.has(item.id));
    }
    if (fresh.length > 0) {
      onRows(fresh, page);
      readTail = [...readTail, ...fresh.slice(-overlap).map((item) => item.id)].slice(-overlap);
    }
    rows += fresh.length;
    if (window.length < limit) break;
  }
  return { rows, realigned, inexact };
}
