import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import type { AnswersOnCall } from "../../shared/call-answers";
import { EXPORT_MIME, csvHeader, serializeItems, type ExportFormat } from "./export-format";

export const EXPORT_PAGE_SIZE = 1000;

/**
 * Each request after the first starts this many rows before where the previous one ended. The
 * service pages by offset only, so while annotators work a state-filtered list, rows leave it (or
 * join it) ahead of the export's offset and the list shifts under it. The overlap finds the last
 * rows already written in the new window and continues right after them: shifts of up to this many
 * rows between two requests lose or repeat nothing.
 */
export const EXPORT_OVERLAP = 50;

export type FetchItems = (window: { offset: number; limit: number }, signal: AbortSignal) => Promise<readonly AnnotationQueueItem[]>;

/** The answers on these calls (at most ANSWERS_BATCH of them per call of this function). */
export type FetchAnswers = (callIds: readonly string[], signal: AbortSignal) => Promise<ReadonlyMap<string, AnswersOnCall>>;

/** Calls per feedback query: a table page's worth, well inside the service's bound on a query's operands. */
export const ANSWERS_BATCH = 250;

export type ExportResult = {
  blob: Blob;
  rows: number;
  /** Times the list was found shifted between two requests and the export lined itself up again. */
  realigned: number;
  /** The list changed more than the overlap could follow: some rows may be missing or repeated. */
  inexact: boolean;
};

/** The answers on the items' calls, read ANSWERS_BATCH calls at a time. */
async function answersOn(items: readonly AnnotationQueueItem[], fetchAnswers: FetchAnswers, signal: AbortSignal): Promise<ReadonlyMap<string, AnswersOnCall>> {
  const callIds = [...new Set(items.map((item) => item.call_id))];
  const merged = new Map<string, AnswersOnCall>();
  for (let start = 0; start < callIds.length; start += ANSWERS_BATCH) {
    signal.throwIfAborted();
    for (const [callId, answers] of await fetchAnswers(callIds.slice(start, start + ANSWERS_BATCH), signal)) merged.set(callId, answers);
  }
  return merged;
}

/** Lets the browser paint and handle input between pages, so a long export never freezes the tab. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Index in `window` of the last row written before it (`writtenTail`, newest last), or -1. Looks
 * for the newest written row first: if it has itself left the list, an earlier one still anchors.
 */
function anchorIndex(window: readonly AnnotationQueueItem[], writtenTail: readonly string[], searchUpTo: number): number {
  const positions = new Map<string, number>();
  for (let i = 0; i < Math.min(window.length, searchUpTo); i++) positions.set((window[i] as AnnotationQueueItem).id, i);
  for (let k = writtenTail.length - 1; k >= 0; k--) {
    const at = positions.get(writtenTail[k] as string);
    if (at !== undefined) return at;
  }
  return -1;
}

/**
 * Every row of a list, fetched page by page in its order and written as CSV or JSONL. Each page is
 * turned into text and moved into a Blob part right away: the rows themselves are not kept, so a
 * million of them cost the final file's size, not a million objects. Stops when a page comes back
 * short; `signal` cancels between pages and the request in flight.
 */
export async function exportItems(options: {
  fetchPage: FetchItems;
  format: ExportFormat;
  signal: AbortSignal;
  onProgress?: (rows: number) => void;
  pageSize?: number;
  overlap?: number;
  /** The queue's questions: with them, each page's answers are read and written beside its items. */
  specs?: readonly QueueSpec[];
  fetchAnswers?: FetchAnswers;
}): Promise<ExportResult> {
  const { fetchPage, format, signal, onProgress, pageSize = EXPORT_PAGE_SIZE, overlap = EXPORT_OVERLAP, specs = [], fetchAnswers } = options;
  const parts: BlobPart[] = format === "csv" ? [csvHeader(specs)] : [];
  let rows = 0;
  let cursor = 0; // offset in the list just after the last row written, as of the last request
  let writtenTail: string[] = [];
  let realigned = 0;
  let inexact = false;
  for (;;) {
    signal.throwIfAborted();
    const start = Math.max(0, cursor - (rows > 0 ? overlap : 0));
    const limit = pageSize + (cursor - start);
    const window = await fetchPage({ offset: start, limit }, signal);
    let fresh = window.slice(cursor - start);
    if (rows > 0) {
      // Where the rows already written are now: the list may have moved by up to `overlap` rows either way.
      const at = anchorIndex(window, writtenTail, 2 * overlap + 1);
      if (at === -1) inexact = true;
      else {
        if (at !== cursor - start - 1) realigned += 1;
        const written = new Set(writtenTail);
        fresh = window.slice(at + 1).filter((item) => !written.has(item.id));
      }
    }
    if (fresh.length > 0) {
      const byCall = specs.length > 0 && fetchAnswers ? await answersOn(fresh, fetchAnswers, signal) : new Map<string, AnswersOnCall>();
      parts.push(new Blob([serializeItems(fresh, format, { specs, byCall })]));
      writtenTail = [...writtenTail, ...fresh.slice(-overlap).map((item) => item.id)].slice(-overlap);
    }
    rows += fresh.length;
    cursor = start + window.length;
    onProgress?.(rows);
    if (window.length < limit) break;
    await nextTask();
  }
  signal.throwIfAborted();
  return { blob: new Blob(parts, { type: EXPORT_MIME[format] }), rows, realigned, inexact };
}
