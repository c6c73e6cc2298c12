import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import type { AnswersOnCall } from "../../shared/call-answers";

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

/**
 * The queue's questions and the answers on the exported items' calls. Each question is one more
 * CSV column, `answer.<question id>`, holding `{"<annotator>": <value>, …}` (the answers that
 * stand: each annotator's latest, or the one shared answer and who set it; empty when none).
 */
export type ExportAnswers = { specs: readonly QueueSpec[]; byCall: ReadonlyMap<string, AnswersOnCall> };

const NO_ANSWERS: ExportAnswers = { specs: [], byCall: new Map() };

export const csvHeader = (specs: readonly Pick<QueueSpec, "id">[] = []): string => csvLine([...CSV_COLUMNS, ...specs.map((spec) => `answer.${spec.id}`)]);

export function csvRow(item: AnnotationQueueItem, answers: ExportAnswers = NO_ANSWERS): string {
  const own = CSV_COLUMNS.map((column) => (column === "display_fields" ? item.display_fields.join(" ") : item[column]));
  const onCall = answers.byCall.get(item.call_id);
  const given = answers.specs.map((spec) => {
    const standing = onCall?.[spec.id] ?? [];
    return standing.length === 0 ? null : Object.fromEntries(standing.map((answer) => [answer.by, answer.value]));
  });
  return csvLine([...own, ...given]);
}

/**
 * JSON Lines: one item per line as the service sent it; with questions, plus `answers`: per
 * question id, the answers that stand, each with who gave it and when.
 */
export function jsonLine(item: AnnotationQueueItem, answers: ExportAnswers = NO_ANSWERS): string {
  if (answers.specs.length === 0) return `${JSON.stringify(item)}\n`;
  const onCall = answers.byCall.get(item.call_id);
  const given = Object.fromEntries(answers.specs.map((spec) => [spec.id, (onCall?.[spec.id] ?? []).map(({ by, value, at }) => ({ annotator: by, value, created_at: at }))]));
  return `${JSON.stringify({ ...item, answers: given })}\n`;
}

export function serializeItems(items: readonly AnnotationQueueItem[], format: ExportFormat, answers: ExportAnswers = NO_ANSWERS): string {
  let out = "";
  for (const item of items) out += format === "csv" ? csvRow(item, answers) : jsonLine(item, answers);
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
