import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANNOTATION_STATES, ItemsQueryRequest, SORTABLE_ITEM_FIELDS } from "../../contract/trace";
import { openDatabase } from "../db/database";
import { queryItems } from "./items-query";
import { queryItemsNaive } from "./items-query.reference-impl";
import { skipToBucket } from "./time-buckets";
import { ADDERS, OPS, PROJECT, makeQueue } from "./test-fixtures";

// The per-bucket counts serve pages past a few thousand rows and long range counts, so this queue
// is large enough for both, its timestamps spread over many buckets (2^22 ms, about 70 minutes)
// with runs of ties, and its rows moved, re-stated, given another operation and deleted after
// insertion so every trigger runs before the counts are used. Most items end up under one
// operation, so pages deep in that operation's items use its own bucket counts.

const db = openDatabase(":memory:");
const queue = makeQueue(db, { n: 5200, deleted: 40, seed: 11 });
const HOUR = 3_600_000;
db.prepare(
  `UPDATE annotation_queue_items SET
     created_at = created_at + (seq * 7919 % 61) * 2 * ${HOUR},
     updated_at = updated_at + (seq * 104729 % 53) * 3 * ${HOUR},
     call_started_at = call_started_at - (seq * 31 % 47) * ${HOUR}
   WHERE queue_seq = ?`,
).run(queue.seq);
db.prepare("UPDATE annotation_queue_items SET annotation_state = 'skipped' WHERE queue_seq = ? AND seq % 13 = 0").run(
  queue.seq,
);
db.prepare("UPDATE annotation_queue_items SET call_op_name = ? WHERE queue_seq = ? AND seq % 10 <> 0").run(
  OPS[0],
  queue.seq,
);
db.prepare(
  "UPDATE annotation_queue_items SET deleted_at = 1 WHERE queue_seq = ? AND seq % 97 = 0 AND deleted_at IS NULL",
).run(queue.seq);
db.prepare("DELETE FROM annotation_queue_items WHERE queue_seq = ? AND seq % 89 = 0").run(queue.seq);

/** The trigger-kept bucket counts against a fresh count of the items (rows left in either), per operation too. */
function bucketDrift(byOperation: boolean): unknown[] {
  const op = byOperation ? "call_op_name, " : "";
  const groups = byOperation ? "1, 2, 4, 5" : "1, 3, 4";
  const fresh = ["created_at", "updated_at", "call_started_at"]
    .map(
      (field) => `SELECT queue_seq, ${op}'${field}' AS field, ${field} >> 22 AS bucket, annotation_state, count(*) AS n
        FROM annotation_queue_items WHERE deleted_at IS NULL GROUP BY ${groups}`,
    )
    .join(" UNION ALL ");
  const table = byOperation ? "annotation_queue_item_op_time_counts" : "annotation_queue_item_time_counts";
  const kept = `SELECT queue_seq, ${op}field, bucket, annotation_state, n FROM ${table} WHERE n > 0`;
  const [a, b] = [`SELECT * FROM (${fresh})`, `SELECT * FROM (${kept})`];
  return db.prepare(`SELECT * FROM (${a} EXCEPT ${b}) UNION ALL SELECT * FROM (${b} EXCEPT ${a})`).all();
}

const live = db
  .prepare("SELECT count(*) FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL")
  .pluck()
  .get(queue.seq) as number;
// Spread over the queue, plus a few just past the 2,000 rows below which a walk skips no bucket and
// before the middle of the longest operation's items (a page past the middle is read from the end).
const OFFSETS = [...Array.from({ length: 8 }, (_, i) => 100 + i * 733), 2050, 2200, 2300];

describe("items query over the per-bucket counts", { timeout: 120_000 }, () => {
  it("keeps the bucket counts equal to the items through inserts, moves, state changes and deletions", () => {
    expect(live).toBeGreaterThan(4500);
    expect(bucketDrift(false)).toEqual([]);
    expect(bucketDrift(true)).toEqual([]);
  });

  it("agrees with the naive query on deep pages and positions, every order and filter", () => {
    const requestArb = fc.record({
      sort_by: fc.array(
        fc.record({
          field: fc.constantFrom(...SORTABLE_ITEM_FIELDS),
          direction: fc.constantFrom("asc" as const, "desc" as const),
        }),
        { maxLength: 3 },
      ),
      filter: fc.record(
        {
          annotation_states: fc.subarray([...ANNOTATION_STATES]),
          call_op_name: fc.constantFrom(...OPS),
          added_by: fc.constantFrom(...ADDERS.filter((a) => a !== null)),
        },
        { requiredKeys: [] },
      ),
      limit: fc.integer({ min: 1, max: 120 }),
      offset: fc.oneof(fc.integer({ min: 2000, max: 5300 }), fc.integer({ min: 0, max: 5300 })),
      include_position: fc.boolean(),
    });
    fc.assert(
      fc.property(requestArb, (input) => {
        const request = ItemsQueryRequest.parse({ project_id: PROJECT, ...input });
        expect(queryItems(db, queue, request)).toEqual(queryItemsNaive(db, queue, request));
      }),
      { seed: 20261127, numRuns: 150 },
    );
  });

  it("pages through the whole queue in each timestamp order, with and without a state or operation filter", () => {
    const filters = [
      undefined,
      { annotation_states: ["unstarted" as const, "in_progress" as const] },
      { call_op_name: OPS[0] },
      { call_op_name: OPS[0], annotation_states: ["completed" as const] },
    ];
    for (const field of ["created_at", "updated_at", "call_started_at"] as const) {
      for (const direction of ["asc", "desc"] as const) {
        for (const filter of filters) {
          for (const offset of OFFSETS) {
            const request = ItemsQueryRequest.parse({
              project_id: PROJECT,
              sort_by: [{ field, direction }],
              filter,
              limit: 60,
              offset,
              include_position: true,
            });
            expect(queryItems(db, queue, request)).toEqual(queryItemsNaive(db, queue, request));
          }
        }
      }
    }
  });

  it("pages deep inside the longest operation's run of a sort that starts with the operation name", () => {
    for (const field of ["created_at", "updated_at", "call_started_at"] as const) {
      for (const direction of ["asc", "desc"] as const) {
        for (const filter of [undefined, { annotation_states: ["unstarted" as const, "completed" as const] }]) {
          for (const offset of [...OFFSETS, 4400, 4800]) {
            const request = ItemsQueryRequest.parse({
              project_id: PROJECT,
              sort_by: [
                { field: "call_op_name", direction: "asc" },
                { field, direction },
              ],
              filter,
              limit: 50,
              offset,
              include_position: true,
            });
            expect(queryItems(db, queue, request)).toEqual(queryItemsNaive(db, queue, request));
          }
        }
      }
    }
  });

  it("starts a shallow page of a sparse state at its bucket, with the same answer", () => {
    // About three items in ten are skipped: the 900th lies about 3,000 entries into any order, a
    // walk long enough to start at its bucket although the offset is under 2,000.
    const sparse = { queueSeq: queue.seq, eqs: [], states: ["skipped"] };
    expect(skipToBucket(db, sparse, { field: "updated_at", dir: "desc" }, 900)?.passed).toBeGreaterThan(0);
    expect(skipToBucket(db, { ...sparse, states: undefined }, { field: "updated_at", dir: "desc" }, 900)).toBe(
      undefined,
    );
    for (const field of ["created_at", "updated_at", "call_started_at"] as const) {
      for (const direction of ["asc", "desc"] as const) {
        for (const offset of [0, 150, 650, 900]) {
          const request = ItemsQueryRequest.parse({
            project_id: PROJECT,
            sort_by: [
              { field, direction },
              { field: "call_op_name", direction: "asc" },
            ],
            filter: { annotation_states: ["skipped"] },
            limit: 50,
            offset,
            include_position: true,
          });
          expect(queryItems(db, queue, request)).toEqual(queryItemsNaive(db, queue, request));
        }
      }
    }
  });
});
