import type { QueueSpec } from "@/api/annotation-specs";
import type { AnswersOnCall } from "../../shared/call-answers";
import { answersOn, readWholeList, type FetchAnswers, type FetchItems, type ListReadReport } from "../../shared/list-pages";
import { EXPORT_MIME, csvHeader, serializeItems, type ExportFormat } from "./export-format";

export { ANSWERS_BATCH, LIST_OVERLAP as EXPORT_OVERLAP, LIST_PAGE_SIZE as EXPORT_PAGE_SIZE, type FetchAnswers, type FetchItems } from "../../shared/list-pages";

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
  /** The queue's questions: with them, each page's answers are read and written beside its items. */
  specs?: readonly QueueSpec[];
  fetchAnswers?: FetchAnswers;
}): Promise<ExportResult> {
  const { fetchPage, format, signal, onProgress, pageSize, overlap, specs = [], fetchAnswers } = options;
  const parts: BlobPart[] = format === "csv" ? [csvHeader(specs)] : [];
  let written = 0;
  const report = await readWholeList({
    fetchPage,
    signal,
    pageSize,
    overlap,
    onRows: async (fresh) => {
      const byCall = specs.length > 0 && fetchAnswers ? await answersOn(fresh, fetchAnswers, signal) : new Map<string, AnswersOnCall>();
      parts.push(new Blob([serializeItems(fresh, format, { specs, byCall })]));
      written += fresh.length;
      onProgress?.(written);
    },
  });
  return { blob: new Blob(parts, { type: EXPORT_MIME[format] }), ...report };
}
