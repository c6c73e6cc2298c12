import { fieldErrorsFor } from "@/api/errors";
import type { IssueText } from "@/lib/zod-issues";

export type FieldMessages = Record<string, string>;

/** Client-side issues by field (the first issue of each top-level field, or of a nested path). */
export function issuesByField(issues: readonly IssueText[], fields: readonly string[]): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of issues) {
    const path = issue.path.join(".");
    const field = fields.find((f) => path === f || path.startsWith(`${f}.`)) ?? path.split(".")[0] ?? "";
    out[field] ??= issue.message;
  }
  return out;
}

/** The service's 422 messages for `fields` (FastAPI `detail[].loc`), by field. */
export function serverFieldMessages(error: unknown, fields: readonly string[]): FieldMessages {
  const out: FieldMessages = {};
  for (const field of fields) {
    const first = fieldErrorsFor(error, field)[0];
    if (first) out[field] = first.message;
  }
  return out;
}

