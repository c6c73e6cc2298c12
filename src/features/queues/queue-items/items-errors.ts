import { isApiError } from "@/api/errors";
import { TEXT_FILTERS, type TextFilterKey } from "../shared/items-url-state";

export type FilterErrorKey = TextFilterKey | "states";
export type ItemsQueryProblems = {
  /** Messages to show next to the filter each names (422 `loc` under `filter`). */
  fields: Partial<Record<FilterErrorKey, string>>;
  /** Whether something is left that no filter explains (shown as a panel with Retry). */
  other: boolean;
};

const FIELD_TO_KEY: Record<string, FilterErrorKey> = {
  ...Object.fromEntries(TEXT_FILTERS.map((f) => [f.field, f.key])),
  annotation_states: "states",
};

/**
 * Splits a failed items query into messages for the filters the service named (FastAPI's `loc`,
 * e.g. `filter.call_id` or `filter.annotation_states.0`) and the rest.
 */
export function itemsQueryProblems(error: unknown): ItemsQueryProblems {
  if (!error) return { fields: {}, other: false };
  if (!isApiError(error) || error.fieldErrors.length === 0) return { fields: {}, other: true };
  const fields: Partial<Record<FilterErrorKey, string>> = {};
  let other = false;
  for (const fieldError of error.fieldErrors) {
    const [root, field] = fieldError.path.split(".");
    const key = root === "filter" && field ? FIELD_TO_KEY[field] : undefined;
    if (key) fields[key] = fields[key] ? `${fields[key]} ${fieldError.message}` : fieldError.message;
    else other = true;
  }
  return { fields, other };
}
