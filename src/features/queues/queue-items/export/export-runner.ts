import type { QueueSpec } from "@/api/annotation-specs";
import { readWholeList, type FetchItems, type ListReadReport } from "../../shared/list-pages";
import { feedbackOn, type FetchFeedback } from "./export-feedback";
import { EXPORT_MIME, csvHeader, serializeItems, type ExportFormat } from "./export-format";

export {
  ANSWERS_BATCH,
  LIST_OVERLAP as EXPORT_OVERLAP,
  LIST_PAGE_SIZE as EXPORT_PAGE_SIZE,
  type FetchItems,
} from "../../shared/list-pages";
export type { FetchFeedback } from "./export-feedback";

export type ExportResult = ListReadReport & { blob: Blob; rows: number };

/**
 * Every row of a list, fetched page by page in its order (shared/list-pages.ts) and written as
 * CSV or JSONL. Each page is turned into text and moved into a Blob part right away: the rows
 * themselves are not kept, so a million of them cost the final file's size, not a million objects.
 */
export async function exportItems(options: {
  fetchPage: FetchItems;
  format: ExportFormat;
  signal: AbortSignal;
  onProgress?: (rows: number) => void;
  pageSize?: number;
  overlap?: number;
  /** The queue's questions: their answers are written beside the items. */
  specs?: readonly QueueSpec[];
  /**
   * With it, each page's feedback is read (ANSWERS_BATCH calls a query) and the answers to the
   * questions and the calls' notes are written beside its items.
   */
  fetchFeedback?: FetchFeedback;
}): Promise<ExportResult> {
  const { fetchPage, format, signal, onProgress, pageSize, overlap, specs = [], fetchFeedback } = options;
  const parts: BlobPart[] = format === "csv" ? [csvHeader(specs, !!fetchFeedback)] : [];
  let written = 0;
  const report = await readWholeList({
    fetchPage,
    signal,
    pageSize,
    overlap,
    onRows: async (fresh) => {
      const feedback = fetchFeedback ? await feedbackOn(fresh, fetchFeedback, signal) : null;
      parts.push(
        new Blob([
          serializeItems(
            fresh,
            format,
            feedback ? { specs, byCall: feedback.answers, notes: feedback.notes } : { specs: [], byCall: new Map() },
          ),
        ]),
      );
      written += fresh.length;
      onProgress?.(written);
    },
  });
  return { blob: new Blob(parts, { type: EXPORT_MIME[format] }), ...report };
}
