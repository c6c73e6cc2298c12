import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ItemsQueryRequest, SORTABLE_ITEM_FIELDS, ANNOTATION_STATES } from "../../contract/trace";
import { openDatabase } from "../db/database";
import { queryItems } from "./items-query";
import { queryItemsNaive } from "./items-query.reference-impl";
import { filterParts, numberedScope, sortKeys } from "./item-order";
import { ranksOf } from "./positions";
import { ADDERS, OPS, PROJECT, makeQueue } from "./test-fixtures";

// The planned query must answer exactly as the plain ROW_NUMBER() definition, for any request.
// The fixture is full of ties (few timestamps, three operation names), deleted items and an
// adder of '' (which the counts cannot tell from unknown), so every branch of the plan runs.

const db = openDatabase(":memory:");
const queue = makeQueue(db, { n: 240, deleted: 12, seed: 3 });
const live = db
  .prepare("SELECT id, call_id, call_trace_id FROM annotation_queue_items WHERE queue_seq = ? ORDER BY seq")
  .all(queue.seq) as {
  id: string;
  call_id: string;
  call_trace_id: string;
}[];
const deletedId = db
  .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NOT NULL LIMIT 1")
  .pluck()
  .get(queue.seq) as string;

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const itemRef = fc.constantFrom(...live.slice(0, 40));

const filterArb = fc.record(
  {
    id: fc.oneof(
      itemRef.map((r) => r.id),
      fc.constant(deletedId),
      fc.constant("no-such-item"),
    ),
    call_id: itemRef.map((r) => r.call_id),
    call_trace_id: itemRef.map((r) => r.call_trace_id),
    call_op_name: fc.constantFrom(...OPS, "weave:///demo/support-bot/op/unknown:zzzz"),
    added_by: fc.constantFrom(...ADDERS.filter((a) => a !== null), "user-nobody"),
    annotation_states: fc.subarray([...ANNOTATION_STATES]),
  },
  { requiredKeys: [] },
);

const pagingArbs = {
  sort_by: maybe(
    fc.array(
      fc.record({
        field: fc.constantFrom(...SORTABLE_ITEM_FIELDS),
        direction: fc.constantFrom("asc" as const, "desc" as const),
      }),
      { maxLength: 4 },
    ),
  ),
  limit: maybe(fc.integer({ min: 0, max: 40 })),
  offset: maybe(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 260 }))),
};

const requestArb = fc.record(
  { filter: maybe(filterArb), ...pagingArbs, include_position: fc.boolean() },
  { requiredKeys: ["include_position"] },
);

// Hundreds of queries each: generous timeouts for a busy machine (nothing here measures time).
describe("planned items query vs the naive reference", { timeout: 120_000 }, () => {
  it("agrees on hundreds of random requests (filters, multi-key sorts, pages, positions)", () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const request = ItemsQueryRequest.parse({ project_id: PROJECT, ...input });
        expect(queryItems(db, queue, request)).toEqual(queryItemsNaive(db, queue, request));
      }),
      { seed: 20261120, numRuns: 400 },
    );
  });

  it("agrees on pages across every two-key order, unfiltered and under state, adder and operation filters", () => {
    for (const first of SORTABLE_ITEM_FIELDS) {
      for (const second of SORTABLE_ITEM_FIELDS) {
        for (const directions of [
          ["asc", "desc"],
          ["desc", "asc"],
          ["desc", "desc"],
        ] as const) {
          for (const filter of [
            undefined,
            { annotation_states: ["completed" as const, "skipped" as const] },
            { added_by: "" },
            { call_op_name: OPS[1] },
          ]) {
            for (let offset = 0; offset < 240; offset += 47) {
              const request = ItemsQueryRequest.parse({
                project_id: PROJECT,
                sort_by: [
                  { field: first, direction: directions[0] },
                  { field: second, direction: directions[1] },
                ],
                filter,
                limit: 25,
                offset,
                include_position: true,
              });
              expect(queryItems(db, queue, request)).toEqual(queryItemsNaive(db, queue, request));
            }
          }
        }
      }
    }
  });

  it("ranks page rows the same way by window numbering, by runs and by range counts, from either end", () => {
    // Ranks are computed this way under a state filter without lookups (a lookup's few items are numbered whole).
    const rankedArb = fc.record({
      ...pagingArbs,
      filter: fc.record(
        {
          call_op_name: fc.constantFrom(...OPS, "weave:///demo/support-bot/op/unknown:zzzz"),
          added_by: fc.constantFrom(...ADDERS.filter((a) => a !== null), "user-nobody"),
          annotation_states: fc.subarray([...ANNOTATION_STATES], { minLength: 1 }),
        },
        { requiredKeys: ["annotation_states"] },
      ),
    });
    fc.assert(
      fc.property(rankedArb, fc.boolean(), (input, fromEnd) => {
        const request = ItemsQueryRequest.parse({ project_id: PROJECT, ...input, include_position: true });
        const expected = queryItemsNaive(db, queue, request);
        const rows = expected.map(
          (item) =>
            db.prepare("SELECT * FROM annotation_queue_items WHERE id = ?").get(item.id) as Parameters<
              typeof ranksOf
            >[3][number],
        );
        const scope = numberedScope(queue.seq, filterParts(request));
        const total = {
          total: queryItemsNaive(db, queue, {
            ...request,
            filter: { ...request.filter, annotation_states: null },
            limit: null,
            offset: null,
          }).length,
        };
        for (const method of ["window", "runs", "counts"] as const) {
          expect(ranksOf(db, scope, sortKeys(request), rows, fromEnd ? total : undefined, method)).toEqual(
            expected.map((item) => item.position_in_queue),
          );
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it("keeps item ids in insertion order, which lets seq stand in for the id tie-breaker", () => {
    const ids = db.prepare("SELECT id FROM annotation_queue_items ORDER BY seq").pluck().all() as string[];
    expect(ids).toEqual([...ids].sort());
  });
});
