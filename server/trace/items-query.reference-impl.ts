import type { Database } from "better-sqlite3";
import type { AnnotationQueueItem } from "../../contract/trace";
import { filterParts, sortKeys, type ItemsQuery, type Value } from "./item-order";
import { toApiItem, type ItemRow, type QueueRow } from "./rows";
import { cached } from "../db/statements";

/**
 * The items query as the plain SQL statement of upstream's definition: keep the live items of the
 * queue that pass the scalar filters, number them in the request's order (ROW_NUMBER over all of
 * them), then filter by state, then page. Always right, and slow on big queues: kept as the
 * reference the planned query (items-query.ts) is tested against and as the benchmark's baseline.
 * Ties are broken by the `id` column itself.
 */
export function queryItemsNaive(
  db: Database,
  queue: Pick<QueueRow, "seq" | "id">,
  request: ItemsQuery,
): AnnotationQueueItem[] {
  const parts = filterParts(request);
  const order = [...sortKeys(request).map((k) => `${k.field} ${k.dir.toUpperCase()}`), "id ASC"].join(", ");
  const inner: string[] = ["queue_seq = ?", "deleted_at IS NULL"];
  const params: Value[] = [queue.seq];
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    inner.push(`${column} = ?`);
    params.push(value);
  };
  for (const lookup of parts.lookups) equal(lookup.column, lookup.value);
  equal("call_op_name", parts.opName);
  equal("added_by", parts.addedBy);
  let outer = "";
  if (parts.states) {
    outer = `WHERE annotation_state IN (${parts.states.map(() => "?").join(", ")})`;
    params.push(...parts.states);
  }
  const sql = `
    SELECT * FROM (
      SELECT i.*, ROW_NUMBER() OVER (ORDER BY ${order}) AS position
      FROM annotation_queue_items i WHERE ${inner.join(" AND ")}
    ) ${outer}
    ORDER BY position LIMIT ? OFFSET ?`;
  const rows = cached(db, sql).all(...params, request.limit ?? -1, request.offset ?? 0) as (ItemRow & {
    position: number;
  })[];
  return rows.map(({ position, ...row }) => toApiItem(row, queue.id, request.include_position ? position : null));
}
