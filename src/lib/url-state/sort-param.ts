import type { UrlIssue } from "./url-issue";

/**
 * The app's one syntax for sorting in a URL: `sort=created_at.desc,call_op_name.asc`, known
 * fields only, each once, a missing direction meaning ascending. Links written in the catalog's
 * older form (`sort=-created` for descending, `sort=created`) still read the same.
 */

export type SortDirection = "asc" | "desc";
export type SortKey<F extends string> = { field: F; direction: SortDirection };

export function parseSortParam<F extends string>(
  raw: string | null,
  fields: readonly F[],
  options: { param?: string; issues?: UrlIssue[] } = {},
): SortKey<F>[] {
  const param = options.param ?? "sort";
  const issues = options.issues ?? [];
  if (raw === null) return [];
  const isField = (value: string): value is F => (fields as readonly string[]).includes(value);
  const keys: SortKey<F>[] = [];
  for (const part of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const legacyDescending = part.startsWith("-");
    const body = legacyDescending ? part.slice(1) : part;
    const dot = body.lastIndexOf(".");
    const field = dot === -1 || legacyDescending ? body : body.slice(0, dot);
    const direction = legacyDescending ? "desc" : dot === -1 ? "asc" : body.slice(dot + 1);
    if (!isField(field)) {
      issues.push({ param, value: part, reason: `'${field}' is not a sortable column (use ${fields.join(", ")})` });
    } else if (direction !== "asc" && direction !== "desc") {
      issues.push({ param, value: part, reason: `'${direction}' is not a direction (use asc or desc)` });
    } else if (keys.some((k) => k.field === field)) {
      issues.push({ param, value: part, reason: `'${field}' is already sorted earlier in the list` });
    } else {
      keys.push({ field, direction });
    }
  }
  return keys;
}

export const formatSortParam = (keys: readonly SortKey<string>[]): string =>
  keys.map((k) => `${k.field}.${k.direction}`).join(",");

/** A table's sorting state (TanStack's: column ids) as the URL's sort keys, through each column's sort field. */
export function sortingToSortKeys<F extends string>(
  sorting: readonly { id: string; desc: boolean }[],
  fieldOf: (columnId: string) => F | undefined,
): SortKey<F>[] {
  return sorting.flatMap((s) => {
    const field = fieldOf(s.id);
    return field === undefined ? [] : [{ field, direction: s.desc ? "desc" : "asc" } as const];
  });
}

/** The URL's sort keys as a table's sorting state, through the column that sorts by each field. */
export function sortKeysToSorting(
  keys: readonly SortKey<string>[],
  columnOf: (field: string) => string | undefined = (field) => field,
): { id: string; desc: boolean }[] {
  return keys.flatMap((k) => {
    const id = columnOf(k.field);
    return id === undefined ? [] : [{ id, desc: k.direction === "desc" }];
  });
}
