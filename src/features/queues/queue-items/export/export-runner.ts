import type { AnnotationQueueItem } from "../../../../../contract/trace";
import { EXPORT_MIME, csvHeader, serializeItems, type ExportFormat } from "./export-format";

export const EXPORT_PAGE_SIZE = 1000;

export type FetchItems = (window: { offset: number; limit: number }, signal: AbortSignal) => Promise<readonly AnnotationQueueItem[]>;

/** Lets the browser paint and handle input between pages, so a long export never freezes the tab. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
}): Promise<{ blob: Blob; rows: number }> {
  const { fetchPage, format, signal, onProgress, pageSize = EXPORT_PAGE_SIZE } = options;
  const parts: BlobPart[] = format === "csv" ? [csvHeader()] : [];
  let rows = 0;
  for (;;) {
    signal.throwIfAborted();
    const items = await fetchPage({ offset: rows, limit: pageSize }, signal);
    if (items.length > 0) parts.push(new Blob([serializeItems(items, format)]));
    rows += items.length;
    onProgress?.(rows);
    if (items.length < pageSize) break;
    await nextTask();
  }
  signal.throwIfAborted();
  return { blob: new Blob(parts, { type: EXPORT_MIME[format] }), rows };
}
