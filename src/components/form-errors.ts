import { isApiError, type FieldError } from "@/api/errors";
import type { IssueText } from "@/lib/zod-issues";

/**
 * Which part of the request each form field stands for, by dotted path (`scorer_refs`,
 * `config.batch_size`, `obj.val`); a list when each field is named by its path.
 */
export type FieldPaths<F extends string> = Readonly<Record<F, string>> | readonly F[];

export type PlacedFieldErrors<F extends string> = {
  /** The service's errors of each form field, in the order it sent them; a field without any is absent. */
  fields: Partial<Record<F, FieldError[]>>;
  /** The errors no field of the form stands for: the form shows them in a panel, with the rest of the error. */
  unplaced: FieldError[];
};

/**
 * The one way a form reads a refused request's field errors (a 422's `detail[].loc`): each goes to
 * the form field whose path is its path or a parent of it (`scorer_refs` takes `scorer_refs.3`).
 * What a form says about them (one message, all of them, which question) stays with the form.
 * Anything but an ApiError places nothing.
 */
export function placeFieldErrors<F extends string>(error: unknown, paths: FieldPaths<F>): PlacedFieldErrors<F> {
  const fields: Partial<Record<F, FieldError[]>> = {};
  const unplaced: FieldError[] = [];
  if (!isApiError(error)) return { fields, unplaced };
  const entries: (readonly [F, string])[] = isPathList(paths)
    ? paths.map((field) => [field, field] as const)
    : (Object.entries(paths) as [F, string][]);
  for (const fieldError of error.fieldErrors) {
    const field = entries.find(([, path]) => fieldError.path === path || fieldError.path.startsWith(`${path}.`))?.[0];
    if (field === undefined) unplaced.push(fieldError);
    else (fields[field] ??= []).push(fieldError);
  }
  return { fields, unplaced };
}

const isPathList = <F extends string>(paths: FieldPaths<F>): paths is readonly F[] => Array.isArray(paths);

/** The first message of each field (in the order the fields are given), for a form that shows one line under each. */
export function firstFieldMessages<F extends string>(error: unknown, paths: FieldPaths<F>): Partial<Record<F, string>> {
  const placed = placeFieldErrors(error, paths).fields;
  const out: Partial<Record<F, string>> = {};
  for (const field of isPathList(paths) ? paths : (Object.keys(paths) as F[])) {
    const first = placed[field]?.[0];
    if (first) out[field] = first.message;
  }
  return out;
}

/** One message per form field, by the field's name. */
export type FieldMessages = Record<string, string>;

/**
 * The same placing for what the form's own check found (zod issues, before anything is sent): the
 * first issue of each field, or of a path below it; an issue of no listed field goes under the
 * first part of its path.
 */
export function issuesByField(issues: readonly IssueText[], fields: readonly string[]): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of issues) {
    const path = issue.path.join(".");
    const field = fields.find((f) => path === f || path.startsWith(`${f}.`)) ?? path.split(".")[0] ?? "";
    out[field] ??= issue.message;
  }
  return out;
}
