import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CallsQueryRequest, type CallsQueryRequest as Request } from "../../../contract/trace-calls";
import { openDatabase } from "../../db/database";
import { makeCalls, OPS, PROJECT } from "../test-fixtures";
import { countCalls, planCallsQuery } from "./query";
import { streamCalls } from "./stream";

// Two properties over random requests, on calls full of ties (few distinct start times, three
// ops), running calls (NULL ended_at, output and latency) and errors:
// - a stream read in steps of 3 rows (each step resumed after the previous step's last sort keys)
//   answers exactly what one step answers: the keyset resumption loses and repeats nothing, for
//   every order, NULLs included;
// - query_stats counts exactly the rows stream_query returns for the same filter and query.

const db = openDatabase(":memory:");
const calls = makeCalls(db, 150, { seed: 7 });
// A third become children (through an UPDATE, so the per-day totals' update trigger runs too).
db.prepare("UPDATE trace_calls SET parent_id = 'parent-' || rowid WHERE rowid % 3 = 0").run();

const SORT_FIELDS = [
  "started_at",
  "ended_at",
  "op_name",
  "display_name",
  "id",
  "trace_id",
  "inputs.question",
  "output.answer",
  "summary.weave.status",
  "summary.weave.latency_ms",
];
const direction = fc.constantFrom("asc" as const, "desc" as const);
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

const filterArb = fc.record(
  {
    op_names: fc.subarray([...OPS, "weave:///demo/support-bot/op/retriever.search:*"]),
    trace_ids: fc.subarray(calls.slice(0, 10).map((c) => c.trace_id)),
    call_ids: fc.subarray(calls.slice(0, 30).map((c) => c.id)),
    trace_roots_only: fc.boolean(),
  },
  { requiredKeys: [] },
);

const minute = 60;
const t0 = Math.floor(calls.reduce((min, c) => Math.min(min, c.started_at), Infinity) / 1000);
const leafArb = fc.oneof(
  fc.integer({ min: 0, max: 40 }).map((m) => ({ $gte: [{ $getField: "started_at" }, { $literal: t0 + m * minute }] })),
  fc.integer({ min: 0, max: 40 }).map((m) => ({
    $not: [{ $gt: [{ $getField: "started_at" }, { $literal: new Date((t0 + m * minute) * 1000).toISOString() }] }],
  })),
  fc
    .integer({ min: -3, max: 3 })
    .map((days) => ({ $gte: [{ $getField: "started_at" }, { $literal: t0 + days * 86_400 }] })),
  fc
    .constantFrom("error", "running", "success")
    .map((status) => ({ $eq: [{ $getField: "summary.weave.status" }, { $literal: status }] })),
  fc.integer({ min: 0, max: 20 }).map((n) => ({
    $contains: { input: { $getField: "inputs" }, substr: { $literal: `question ${n}` }, case_insensitive: true },
  })),
  // A value inside the JSON: walked like a text search.
  fc
    .integer({ min: 0, max: 20 })
    .map((n) => ({ $eq: [{ $getField: "inputs.question" }, { $literal: `question ${n}` }] })),
);

// A text search alone, beside other conditions in an $and (split: the others go to SQLite), or under an $or (walked whole).
const exprArb = fc.oneof(
  leafArb,
  fc.array(leafArb, { minLength: 1, maxLength: 3 }).map(($and) => ({ $and })),
  fc.array(leafArb, { minLength: 2, maxLength: 2 }).map(($or) => ({ $or })),
);

const requestArb = fc.record({
  filter: sometimes(filterArb),
  query: sometimes(exprArb.map(($expr) => ({ $expr }))),
  sort_by: sometimes(fc.array(fc.record({ field: fc.constantFrom(...SORT_FIELDS), direction }), { maxLength: 3 })),
  limit: sometimes(fc.integer({ min: 0, max: 200 })),
  offset: sometimes(fc.integer({ min: 0, max: 60 })),
});

/** The ids a stream answers; small steps (`chunkRows`) and text-search windows (`walkWindow`) make it resume often. */
async function read(request: Request, chunkRows: number, walkWindow?: number): Promise<string[]> {
  const stream = streamCalls(db, planCallsQuery(db, CallsQueryRequest.parse(request)), {
    projectId: PROJECT,
    includeFeedback: false,
    chunkRows,
    walkWindow,
  });
  const text = await new Response(stream).text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

describe("calls query properties", () => {
  it("a stream read in small steps answers what one step answers", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (extra) => {
        const request = { project_id: PROJECT, ...extra };
        const whole = await read(request, 10_000);
        expect(await read(request, 3)).toEqual(whole);
        // Windows of 3 rows: most steps of a walk find nothing, and the stream must go on.
        expect(await read(request, 3, 3)).toEqual(whole);
      }),
      { numRuns: 150, seed: 16 },
    );
    // About 2 s alone; 150 runs of three thousand-step streams went past 5 s on a loaded machine.
  }, 20_000);

  it("query_stats from the per-day totals (op versions, root calls, a time range) counts what stream_query returns", async () => {
    const totalsRequest = fc.record({
      filter: sometimes(
        fc.record(
          {
            op_names: fc.subarray([...OPS, "weave:///demo/support-bot/op/retriever.search:*"]),
            trace_roots_only: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      ),
      query: sometimes(
        fc
          .array(
            leafArb.filter(
              (leaf) => !JSON.stringify(leaf).includes("$contains") && !JSON.stringify(leaf).includes("summary"),
            ),
            { maxLength: 2 },
          )
          .map(($and) => ({ $expr: { $and } })),
      ),
    });
    await fc.assert(
      fc.asyncProperty(totalsRequest, async ({ filter, query }) => {
        const rows = await read({ project_id: PROJECT, filter, query }, 10_000);
        expect(await countCalls(db, { project_id: PROJECT, filter, query })).toBe(rows.length);
      }),
      { numRuns: 100, seed: 18 },
    );
  });

  it("query_stats counts what stream_query returns", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async ({ filter, query }) => {
        const rows = await read({ project_id: PROJECT, filter, query }, 10_000);
        expect(await countCalls(db, { project_id: PROJECT, filter, query })).toBe(rows.length);
      }),
      { numRuns: 100, seed: 17 },
    );
  });
});
