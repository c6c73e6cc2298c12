import { ValidationErrorEntry } from "@contract/errors";
import type { FieldError } from "./errors";

/** What an error response says, whatever shape the service used. */
export type ParsedErrorBody = {
  serviceMessage?: string;
  fieldErrors: FieldError[];
  requestId?: string;
};

// Where FastAPI says a value came from; the form only cares about the path inside it.
const LOC_SOURCES = new Set(["body", "query", "path", "header", "cookie"]);
// Enough to say what went wrong; a whole HTML error page is not a message.
const MAX_TEXT_MESSAGE = 300;

/**
 * Reads the error bodies of docs/contract-decisions.md#error-bodies:
 * `{"detail":[{loc,msg,type}]}`, `{"detail":"..."}`, `{"reason":"..."}`,
 * `{"error":{"message":"..."}}`, GraphQL's `{"errors":[{"message":"..."}]}` (the W&B API), and anything
 * else (plain text, HTML, empty) as best it can.
 */
export function parseErrorBody(text: string): ParsedErrorBody {
  const json = tryParseJson(text);
  if (json === undefined) return { serviceMessage: plainTextMessage(text), fieldErrors: [] };
  if (!isRecord(json)) return { fieldErrors: [] };

  const requestId = typeof json.request_id === "string" ? json.request_id : undefined;
  const fieldErrors = fieldErrorsOf(json.detail);
  const serviceMessage =
    fieldErrors.length > 0
      ? fieldErrors.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join("; ")
      : (messageOf(json.detail) ??
        messageOf(json.reason) ??
        messageOf(json.error) ??
        messageOf(json.message) ??
        graphqlMessage(json.errors));
  return { serviceMessage, fieldErrors, requestId };
}

export function toFieldError(entry: ValidationErrorEntry): FieldError {
  const inner = typeof entry.loc[0] === "string" && LOC_SOURCES.has(entry.loc[0]) ? entry.loc.slice(1) : entry.loc;
  return { loc: entry.loc, path: inner.join("."), message: entry.msg, type: entry.type };
}

function fieldErrorsOf(detail: unknown): FieldError[] {
  if (!Array.isArray(detail)) return [];
  // Entries that are not FastAPI-shaped are skipped rather than failing the whole error.
  return detail.flatMap((entry) => {
    const parsed = ValidationErrorEntry.safeParse(entry);
    return parsed.success ? [toFieldError(parsed.data)] : [];
  });
}

/** A message from a string, or from an object's `message` (OpenAI) / `detail` / `reason`. */
function messageOf(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (isRecord(value)) return messageOf(value.message) ?? messageOf(value.detail) ?? messageOf(value.reason);
  return undefined;
}

/** The messages of a GraphQL `errors` array, joined. */
export function graphqlMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const messages = errors.map((e) => messageOf(e)).filter((m): m is string => m !== undefined);
  return messages.length > 0 ? messages.join("; ") : undefined;
}

function plainTextMessage(text: string): string | undefined {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const plain = (title ?? text.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
  if (!plain) return undefined;
  return plain.length > MAX_TEXT_MESSAGE ? `${plain.slice(0, MAX_TEXT_MESSAGE)}…` : plain;
}

function tryParseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
