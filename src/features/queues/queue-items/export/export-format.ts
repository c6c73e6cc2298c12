import type { AnnotationQueueItem } from "@contract/trace";

export type ExportFormat = "csv" | "jsonl";

/** The CSV's columns, in order: every field of an item, named as the service names them. */
export const CSV_COLUMNS = [
  "position_in_queue",
  "id",
  "queue_id",
  "project_id",
  "call_id",
  "call_op_name",
  "call_trace_id",
  "call_started_at",
  "call_ended_at",
  "annotation_state",
  "annotator_user_id",
  "added_by",
  "display_fields",
  "created_at",
  "created_by",
  "updated_at",
] as const satisfies readonly (keyof AnnotationQueueItem)[];

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe, so it stays text.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\r\n`;

export const csvHeader = (): string => csvLine(CSV_COLUMNS);

export function csvRow(item: AnnotationQueueItem): string {
  return csvLine(CSV_COLUMNS.map((column) => (column === "display_fields" ? item.display_fields.join(" ") : item[column])));
}

/** JSON Lines: one item per line, exactly as the service sent it. */
export const jsonLine = (item: AnnotationQueueItem): string => `${JSON.stringify(item)}\n`;

export function serializeItems(items: readonly AnnotationQueueItem[], format: ExportFormat): string {
  let out = "";
  for (const item of items) out += format === "csv" ? csvRow(item) : jsonLine(item);
  return out;
}

export const EXPORT_MIME: Record<ExportFormat, string> = { csv: "text/csv;charset=utf-8", jsonl: "application/x-ndjson" };

/** `refund-tone-review-items-2026-11-20.csv`: the queue's name made safe for a file name. */
export function exportFileName(queueName: string, format: ExportFormat, now = new Date()): string {
  const slug =
    queueName
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, "-")
      .slice(0, 60) || "queue";
  return `${slug}-items-${now.toISOString().slice(0, 10)}.${format}`;
}
