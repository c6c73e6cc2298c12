import type * as z from "zod/mini";
import type { ItemsQueryRequest, SortableItemField } from "../../contract/trace";

/** The validated items query request (defaults applied). */
export type ItemsQuery = z.output<typeof ItemsQueryRequest>;

export type Field = SortableItemField;
export type Dir = "asc" | "desc";
/** One sort key. Every order ends with an implicit `id asc` (stored as `seq asc`, see ids.ts). */
export type Key = { field: Field; dir: Dir };
export type Value = number | string;
export type Eq = { field: Field; value: Value };

export const DEFAULT_KEYS: readonly Key[] = [{ field: "created_at", dir: "asc" }];

/** The request's sort keys: the default when none are given, later repeats of a field dropped (they can never decide). */
export function sortKeys(request: Pick<ItemsQuery, "sort_by">): Key[] {
  if (!request.sort_by?.length) return [...DEFAULT_KEYS];
  const seen = new Set<Field>();
  const keys: Key[] = [];
  for (const { field, direction } of request.sort_by) {
    if (seen.has(field)) continue;
    seen.add(field);
    keys.push({ field, dir: direction });
  }
  return keys;
}

/** The filter split by how the plan uses it. */
export type FilterParts = {
  /** `call_op_name` equality: a prefix of the operation-first indexes. */
  opName: string | undefined;
  /** Checked on the index entries of every ordered index. */
  states: readonly string[] | undefined;
  addedBy: string | undefined;
  /** Equalities that pick out a handful of items, each with its own index. */
  lookups: Lookup[];
};
export type Lookup = { column: "id" | "call_id" | "call_trace_id"; value: string };

export function filterParts(request: Pick<ItemsQuery, "filter">): FilterParts {
  const filter = request.filter ?? {};
  const lookups: Lookup[] = [];
  if (filter.id != null) lookups.push({ column: "id", value: filter.id });
  if (filter.call_id != null) lookups.push({ column: "call_id", value: filter.call_id });
  if (filter.call_trace_id != null) lookups.push({ column: "call_trace_id", value: filter.call_trace_id });
  // `annotation_states: []` filters nothing, as upstream (it only adds the condition for a non-empty list).
  const states = filter.annotation_states?.length ? [...new Set(filter.annotation_states)] : undefined;
  return { opName: filter.call_op_name ?? undefined, states, addedBy: filter.added_by ?? undefined, lookups };
}

/**
 * The scope `position_in_queue` numbers: the items the scalar filters keep (id, call id, trace id,
 * operation, adder), before the state filter. Upstream numbers rows in the inner query that
 * applies exactly these, and filters states outside it (annotation_queues_query_builder.py).
 */
export function numberedScope(queueSeq: number, parts: FilterParts): Scope {
  return {
    queueSeq,
    eqs: parts.opName === undefined ? [] : [{ field: "call_op_name", value: parts.opName }],
    addedBy: parts.addedBy,
    lookups: parts.lookups,
  };
}

export const isTimestamp = (field: Field): boolean => field !== "call_op_name";
export const flip = (dir: Dir): Dir => (dir === "asc" ? "desc" : "asc");
/** Comparison selecting values that sort before `value` in direction `dir`. */
export const before = (dir: Dir): "<" | ">" => (dir === "asc" ? "<" : ">");
export const after = (dir: Dir): "<" | ">" => (dir === "asc" ? ">" : "<");

const SUFFIX: Record<Field, string> = {
  created_at: "created",
  updated_at: "updated",
  call_started_at: "started",
  call_op_name: "op",
};

/**
 * The index that serves rows with equalities on `eqFields`, ordered (or range-restricted) by
 * `next` (null: by seq). Every index is (queue_seq, [call_op_name,] key, seq, covering columns),
 * so an equality on a timestamp leaves a tie group that is small and already in seq order.
 */
export function indexFor(eqFields: readonly Field[], next: Field | null): string {
  const eqTime = eqFields.find(isTimestamp);
  if (eqFields.includes("call_op_name")) {
    const time = eqTime ?? (next !== null && isTimestamp(next) ? next : undefined);
    return time ? `ix_aqi_op_${SUFFIX[time]}` : "ix_aqi_op";
  }
  if (eqTime) return `ix_aqi_${SUFFIX[eqTime]}`;
  return `ix_aqi_${SUFFIX[next ?? "created_at"]}`;
}

/**
 * True for every live item of the queue: its operation is among those the counts table lists. Given
 * as a condition, it lets SQLite walk an operation-first index once per operation of the queue, in
 * operation order: the rows of one timestamp value (or range) ordered or counted by operation come
 * from that index alone, where the timestamp's own index would read each row from the table.
 */
const EVERY_OPERATION = "call_op_name IN (SELECT call_op_name FROM annotation_queue_item_counts WHERE queue_seq = ?)";

/**
 * The operation-first index of timestamp `time`, for a scope without an operation equality whose
 * rows are needed in operation order within a value or range of `time`; undefined otherwise.
 */
export function everyOperationIndex(scope: Scope, time: Field | "seq" | null | undefined): string | undefined {
  if (!time || time === "seq" || !isTimestamp(time) || scope.eqs.some((eq) => eq.field === "call_op_name"))
    return undefined;
  return `ix_aqi_op_${SUFFIX[time]}`;
}

/** Which live items of one queue a step looks at. */
export type Scope = {
  queueSeq: number;
  eqs: readonly Eq[];
  states?: readonly string[] | undefined;
  addedBy?: string | undefined;
  lookups?: readonly Lookup[];
};

/** A bound on one column: `column op value`. */
export type Range = { column: Field | "seq"; op: "<" | ">" | "<=" | ">="; value: Value };

/**
 * WHERE clause and parameters of a scope plus ranges. Column names come from closed enums.
 * `liveOnly: false` leaves out the deleted_at condition (for tables of live items only);
 * `everyOperation` adds EVERY_OPERATION (for an everyOperationIndex).
 */
export function whereClause(
  scope: Scope,
  ranges: readonly Range[] = [],
  options: { liveOnly: boolean; everyOperation?: boolean } = { liveOnly: true },
): { sql: string; params: Value[] } {
  const parts = options.liveOnly ? ["queue_seq = ?", "deleted_at IS NULL"] : ["queue_seq = ?"];
  const params: Value[] = [scope.queueSeq];
  if (options.everyOperation) {
    parts.push(EVERY_OPERATION);
    params.push(scope.queueSeq);
  }
  for (const eq of scope.eqs) {
    parts.push(`${eq.field} = ?`);
    params.push(eq.value);
  }
  if (scope.states) {
    parts.push(`annotation_state IN (${scope.states.map(() => "?").join(", ")})`);
    params.push(...scope.states);
  }
  if (scope.addedBy !== undefined) {
    parts.push("added_by = ?");
    params.push(scope.addedBy);
  }
  for (const lookup of scope.lookups ?? []) {
    parts.push(`${lookup.column} = ?`);
    params.push(lookup.value);
  }
  for (const range of ranges) {
    parts.push(`${range.column} ${range.op} ?`);
    params.push(range.value);
  }
  return { sql: parts.join(" AND "), params };
}

export function orderClause(keys: readonly Key[], seqDir: Dir): string {
  return [...keys.map((k) => `${k.field} ${k.dir.toUpperCase()}`), `seq ${seqDir.toUpperCase()}`].join(", ");
}
