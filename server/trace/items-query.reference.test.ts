import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ANNOTATION_STATES,
  SORTABLE_ITEM_FIELDS,
  type AnnotationQueueItem,
  type ItemsQueryRequest,
  type SortableItemField,
} from "../../contract/trace";
import { basic, call, createTestApp } from "../testing/test-app";
import { toApiItem, type ItemRow } from "./rows";
import { ADDERS, OPS, PROJECT, makeQueue } from "./test-fixtures";

// The items query through the service (HTTP, validation, auth, JSON), against a plain in-memory
// definition written here from upstream's behaviour, with no SQL: keep the queue's live items that
// pass the scalar filters (id, call_id, call_op_name, call_trace_id, added_by), order them by the
// request's keys with the id as the last tie-breaker, number them (position_in_queue), then apply
// the annotation_states filter (an empty list filters nothing), slice. Upstream:
// wandb/weave weave/trace_server/query_builder/annotation_queues_query_builder.py,
// make_queue_items_query (scalar filters in the inner WHERE, ROW_NUMBER over that, states outside).
// items-query.property.test.ts checks the planned SQL against the window-function SQL; this checks
// both against plain code.

const { app, db } = createTestApp();
const queue = makeQueue(db, { n: 300, deleted: 15, seed: 11 });
const liveItems: AnnotationQueueItem[] = (
  db
    .prepare("SELECT * FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL")
    .all(queue.seq) as ItemRow[]
).map((row) => toApiItem(row, queue.id));
const deletedId = db
  .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NOT NULL LIMIT 1")
  .pluck()
  .get(queue.seq) as string;

type Request = Omit<ItemsQueryRequest, "project_id">;

function sortValue(item: AnnotationQueueItem, field: SortableItemField): number | string {
  return field === "call_op_name" ? item.call_op_name : Date.parse(item[field]);
}

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/** The contract's definition of the items query, in memory. */
function reference(items: readonly AnnotationQueueItem[], request: Request): AnnotationQueueItem[] {
  const keys: { field: SortableItemField; sign: number }[] = [];
  for (const key of request.sort_by?.length
    ? request.sort_by
    : [{ field: "created_at" as const, direction: "asc" as const }]) {
    if (!keys.some((k) => k.field === key.field))
      keys.push({ field: key.field, sign: key.direction === "desc" ? -1 : 1 });
  }
  const ordered = [...items].sort((a, b) => {
    for (const { field, sign } of keys) {
      const order = compare(sortValue(a, field), sortValue(b, field));
      if (order !== 0) return order * sign;
    }
    return compare(a.id, b.id);
  });
  const f = request.filter ?? {};
  const passesScalarFilters = (item: AnnotationQueueItem) =>
    (f.id == null || item.id === f.id) &&
    (f.call_id == null || item.call_id === f.call_id) &&
    (f.call_trace_id == null || item.call_trace_id === f.call_trace_id) &&
    (f.call_op_name == null || item.call_op_name === f.call_op_name) &&
    (f.added_by == null || item.added_by === f.added_by);
  const numbered = ordered.filter(passesScalarFilters);
  const rank = new Map(numbered.map((item, index) => [item.id, index + 1]));
  const states = f.annotation_states?.length ? f.annotation_states : null;
  const offset = request.offset ?? 0;
  const page = numbered
    .filter((item) => states === null || states.includes(item.annotation_state))
    .slice(offset, request.limit == null ? undefined : offset + request.limit);
  return page.map((item) => ({
    ...item,
    position_in_queue: request.include_position ? (rank.get(item.id) as number) : null,
  }));
}

const someItem = fc.constantFrom(...liveItems);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

const filterArb = fc.record(
  {
    id: fc.oneof(
      someItem.map((i) => i.id),
      fc.constant(deletedId),
      fc.constant("no-such-item"),
    ),
    call_id: someItem.map((i) => i.call_id),
    call_trace_id: someItem.map((i) => i.call_trace_id),
    call_op_name: fc.constantFrom(...OPS, "weave:///demo/support-bot/op/unknown:zzzz"),
    added_by: fc.constantFrom(...ADDERS.filter((a) => a !== null), "user-nobody"),
    annotation_states: fc.subarray([...ANNOTATION_STATES]),
  },
  { requiredKeys: [] },
);

const requestArb: fc.Arbitrary<Request> = fc.record(
  {
    filter: maybe(filterArb),
    sort_by: maybe(
      fc.array(
        fc.record({
          field: fc.constantFrom(...SORTABLE_ITEM_FIELDS),
          direction: fc.constantFrom("asc" as const, "desc" as const),
        }),
        { maxLength: 4 },
      ),
    ),
    limit: maybe(fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(1000))),
    offset: maybe(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 320 }))),
    include_position: fc.boolean(),
  },
  { requiredKeys: ["include_position"] },
);

async function service(request: Request): Promise<AnnotationQueueItem[]> {
  const res = await call(app, "POST", `/api/trace/annotation_queues/${queue.id}/items/query`, {
    body: { project_id: PROJECT, ...request },
    headers: basic(),
  });
  expect(res.status).toBe(200);
  return res.json.items as AnnotationQueueItem[];
}

// Hundreds of requests: a generous timeout for a busy machine (nothing here measures time).
describe("the items query, through the service, vs its in-memory definition", { timeout: 120_000 }, () => {
  it("the fixture has what makes the query hard: ties, deleted items, every state, an empty adder", () => {
    expect(liveItems).toHaveLength(300);
    expect(new Set(liveItems.map((i) => i.created_at)).size).toBeLessThan(20);
    expect(new Set(liveItems.map((i) => i.annotation_state))).toEqual(new Set(ANNOTATION_STATES));
    expect(liveItems.some((i) => i.added_by === "")).toBe(true);
  });

  it("answers random filters, multi-key sorts, limits and offsets exactly as the definition", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        expect(await service(request)).toEqual(reference(liveItems, request));
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it("pages through a whole filtered, sorted list without losing or repeating a row", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, fc.integer({ min: 1, max: 70 }), async (request, pageSize) => {
        const whole = reference(liveItems, { ...request, offset: 0, limit: undefined });
        const pages: AnnotationQueueItem[] = [];
        for (let offset = 0; offset <= whole.length; offset += pageSize)
          pages.push(...(await service({ ...request, offset, limit: pageSize })));
        expect(pages.map((i) => i.id)).toEqual(whole.map((i) => i.id));
      }),
      { seed: 11, numRuns: 40 },
    );
  });
});
