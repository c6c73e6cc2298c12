import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import { formatAnswer, type AnswersOnCall, type GivenAnswer } from "../../shared/call-answers";
import type { ExportNote } from "./export-feedback";

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
  let text =
    typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : JSON.stringify(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The queue's questions and the answers on the exported items' calls (each question one more CSV
 * column, `answer.<question id>`), and, when `notes` is given, the notes on them (a `notes` column).
 */
export type ExportAnswers = {
  specs: readonly QueueSpec[];
  byCall: ReadonlyMap<string, AnswersOnCall>;
  notes?: ReadonlyMap<string, readonly ExportNote[]>;
};

const NO_ANSWERS: ExportAnswers = { specs: [], byCall: new Map() };
const NO_NOTES: readonly ExportNote[] = [];

export const csvHeader = (specs: readonly Pick<QueueSpec, "id">[] = [], withNotes = false): string =>
  csvLine([...CSV_COLUMNS, ...specs.map((spec) => `answer.${spec.id}`), ...(withNotes ? ["notes"] : [])]);

/**
 * An answer cell as a spreadsheet reads it. A question answered once per call: the value itself
 * (a number stays a number, so it sorts and sums; yes/no as Yes/No). One answer per annotator:
 * `user-demo: 4; user-maria: 5`, each annotator's standing answer. JSON Lines keeps the structure.
 */
export function answerCell(
  spec: Pick<QueueSpec, "uniqueAmongCreators">,
  standing: readonly GivenAnswer[],
): string | number | null {
  if (standing.length === 0) return null;
  const only = standing[0];
  if (!spec.uniqueAmongCreators && standing.length === 1 && only)
    return typeof only.value === "number" ? only.value : formatAnswer(only.value);
  return standing.map((answer) => `${answer.by}: ${formatAnswer(answer.value)}`).join("; ");
}

/** The notes cell: one note a line, `user-demo (2026-11-20T10:00:00Z): text`, oldest first. */
export const notesCell = (notes: readonly ExportNote[]): string | null =>
  notes.length === 0 ? null : notes.map((note) => `${note.by} (${note.at}): ${note.text}`).join("\n");

export function csvRow(item: AnnotationQueueItem, answers: ExportAnswers = NO_ANSWERS): string {
  const own = CSV_COLUMNS.map((column) => (column === "display_fields" ? item.display_fields.join(" ") : item[column]));
  const onCall = answers.byCall.get(item.call_id);
  const given = answers.specs.map((spec) => answerCell(spec, onCall?.[spec.id] ?? []));
  const notes = answers.notes ? [notesCell(answers.notes.get(item.call_id) ?? NO_NOTES)] : [];
  return csvLine([...own, ...given, ...notes]);
}

/**
 * JSON Lines: one item per line as the service sent it; with questions, plus `answers`: per
 * question id, the answers that stand, each with who gave it and when; with notes, plus `notes`:
 * the call's notes, oldest first, each with its author, time and text.
 */
export function jsonLine(item: AnnotationQueueItem, answers: ExportAnswers = NO_ANSWERS): string {
  if (answers.specs.length === 0 && !answers.notes) return `${JSON.stringify(item)}\n`;
  const onCall = answers.byCall.get(item.call_id);
  const given =
    answers.specs.length === 0
      ? {}
      : {
          answers: Object.fromEntries(
            answers.specs.map((spec) => [
              spec.id,
              (onCall?.[spec.id] ?? []).map(({ by, value, at }) => ({ annotator: by, value, created_at: at })),
            ]),
          ),
        };
  const notes = answers.notes
    ? {
        notes: (answers.notes.get(item.call_id) ?? NO_NOTES).map(({ by, at, text }) => ({
          author: by,
          created_at: at,
          text,
        })),
      }
    : {};
  return `${JSON.stringify({ ...item, ...given, ...notes })}\n`;
}

export function serializeItems(
  items: readonly AnnotationQueueItem[],
  format: ExportFormat,
  answers: ExportAnswers = NO_ANSWERS,
): string {
  let out = "";
  for (const item of items) out += format === "csv" ? csvRow(item, answers) : jsonLine(item, answers);
  return out;
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: "text/csv;charset=utf-8",
  jsonl: "application/x-ndjson",
};

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
