import type { AnnotationQueueItem, ItemSortBy, SortableItemField } from "@contract/trace";

/**
 * The order of a queue's item list, as the service sorts it: the request's keys (the service's
 * default `created_at asc` when there are none), then `id asc` as the last tie-breaker
 * (docs/contract-decisions.md#item-query; upstream `_make_sort_clause`). Knowing it lets the review place an item
 * in a list by comparing it with the list's rows, whatever its state and whatever positions say.
 */

export type OrderedItem = Pick<AnnotationQueueItem, "id" | SortableItemField>;

const DEFAULT_SORT: readonly ItemSortBy[] = [{ field: "created_at", direction: "asc" }];

/**
 * A timestamp as a string that sorts like the instant it names, down to the nanosecond the text
 * carries: "2026-11-22T10:00:00.123456Z" and "2026-11-22 10:00:00.123456" (no offset: UTC) both
 * give the same key. Date.parse would drop the digits past the millisecond, and two items a
 * microsecond apart would then tie here while the service orders them.
 */
export function timestampKey(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    value.trim(),
  );
  if (!match) return value;
  const [, date, time, fraction = "", zone = "Z"] = match;
  const seconds = Date.parse(`${date}T${time}${zone.toUpperCase() === "Z" ? "Z" : normaliseOffset(zone)}`) / 1000;
  if (!Number.isFinite(seconds)) return value;
  // Fixed width, so string order is numeric order (years 1970..9999).
  return `${String(Math.floor(seconds)).padStart(12, "0")}.${fraction.slice(0, 9).padEnd(9, "0")}`;
}

const normaliseOffset = (zone: string) => (zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`);

/** Code point order: what the service's byte-wise (UTF-8) string order amounts to. `<` on JS strings compares UTF-16 units. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length < 0 ? -1 : a.length === b.length ? 0 : 1;
}

function compareField(a: OrderedItem, b: OrderedItem, field: SortableItemField): number {
  return field === "call_op_name"
    ? compareText(a.call_op_name, b.call_op_name)
    : compareText(timestampKey(a[field]), timestampKey(b[field]));
}

/** Negative when `a` comes before `b` in the list's order, positive after, 0 for the same item. */
export function compareInList(a: OrderedItem, b: OrderedItem, sort: readonly ItemSortBy[]): number {
  const keys = sort.length > 0 ? sort : DEFAULT_SORT;
  const seen = new Set<SortableItemField>();
  for (const { field, direction } of keys) {
    // A field sorted again later can never decide (the service drops repeats too).
    if (seen.has(field)) continue;
    seen.add(field);
    const order = compareField(a, b, field);
    if (order !== 0) return direction === "desc" ? -order : order;
  }
  return compareText(a.id, b.id);
}
