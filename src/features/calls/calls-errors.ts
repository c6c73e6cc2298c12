import { isApiError } from "@/api/errors";

export type CallsFilterErrorKey = "op" | "traceId" | "query";
export type CallsQueryProblems = {
  /** Messages for the filters a 422 names (`loc` under `filter` or `query`). */
  fields: Partial<Record<CallsFilterErrorKey, string>>;
  /** Whether something is left that no filter explains (shown as a panel with Retry). */
  other: boolean;
};

const FILTER_FIELDS: Record<string, CallsFilterErrorKey> = { op_names: "op", trace_ids: "traceId" };

/** Splits a failed calls query into messages for the filters the service named and the rest. */
export function callsQueryProblems(error: unknown): CallsQueryProblems {
  if (!error) return { fields: {}, other: false };
  if (!isApiError(error) || error.fieldErrors.length === 0) return { fields: {}, other: true };
  const fields: Partial<Record<CallsFilterErrorKey, string>> = {};
  let other = false;
  for (const fieldError of error.fieldErrors) {
    const [root, field] = fieldError.path.split(".");
    const key = root === "query" ? "query" : root === "filter" && field ? FILTER_FIELDS[field] : undefined;
    if (key) fields[key] = fields[key] ? `${fields[key]} ${fieldError.message}` : fieldError.message;
    else other = true;
  }
  return { fields, other };
}
