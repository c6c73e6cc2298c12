import { createApp } from "../../server/app";
import { createJobRunner } from "../../server/training/job-runner";
import { DEMO_USERS } from "../../server/auth/users";
import { picker, seededRandom } from "../../server/trace/seed/prng";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput, type SummaryRow } from "../lib/report";
import { summarize, type Summary } from "../lib/stats";
import { timeAsync } from "../lib/timing";
import { buildCallsDatabase, CALLS_NOW, CALLS_PROJECT, opRef, TEXT_ABSENT, TEXT_COMMON, TEXT_RARE } from "./calls-db";

// The budget: the Calls page's requests against a project of 1,000,000 calls, each in under 50 ms at
// the 95th percentile, in process through the app (validation, auth, SQL, NDJSON).
const TOTAL = 1_000_000;
const BUDGET_MS = 50;
const DAY = 86_400_000;
const KEY = DEMO_USERS[0].apiKey;

type Json = Record<string, unknown>;
type Shape = {
  name: string;
  path: "stream_query" | "query_stats";
  body: (p: ReturnType<typeof picker>) => Json;
  budget: boolean;
};

const desc = (field: string) => [{ field, direction: "desc" }];
const asc = (field: string) => [{ field, direction: "asc" }];
const contains = (word: string) => ({
  $or: [
    { $contains: { input: { $getField: "inputs" }, substr: { $literal: word }, case_insensitive: true } },
    { $contains: { input: { $getField: "output" }, substr: { $literal: word }, case_insensitive: true } },
  ],
});
const startedBetween = (from: number, to: number) => ({
  $and: [
    { $gte: [{ $getField: "started_at" }, { $literal: from / 1000 }] },
    { $not: [{ $gte: [{ $getField: "started_at" }, { $literal: to / 1000 }] }] },
  ],
});
const page = (extra: Json, limit = 50, offset = 0): Json => ({ limit, offset, ...extra });
const anyDay = (p: ReturnType<typeof picker>) => CALLS_NOW - p.int(1, 29) * DAY;

export function shapes(traceIds: readonly string[]): Shape[] {
  const stream = (name: string, body: Shape["body"], budget = true): Shape => ({
    name,
    path: "stream_query",
    body,
    budget,
  });
  const stats = (name: string, body: Shape["body"], budget = true): Shape => ({
    name,
    path: "query_stats",
    body,
    budget,
  });
  return [
    stream("newest first, 50", () => page({ sort_by: desc("started_at") })),
    stream("newest first, 250 at offset 10,000", () => page({ sort_by: desc("started_at") }, 250, 10_000)),
    stream("oldest first, 100", () => page({ sort_by: asc("started_at") }, 100)),
    stream("ended_at desc, 50", () => page({ sort_by: desc("ended_at") })),
    stream("ended_at asc, 50 at offset 5,000", () => page({ sort_by: asc("ended_at") }, 50, 5_000)),
    stream("op_name asc, 50", () => page({ sort_by: asc("op_name") })),
    stream("op_name desc, 250 at offset 10,000", () => page({ sort_by: desc("op_name") }, 250, 10_000)),
    stream("one op version, newest, 50", () =>
      page({ filter: { op_names: [opRef("classify_intent", "c2bbbb")] }, sort_by: desc("started_at") }),
    ),
    stream("one op version, newest, 250 at offset 5,000", () =>
      page({ filter: { op_names: [opRef("classify_intent", "c2bbbb")] }, sort_by: desc("started_at") }, 250, 5_000),
    ),
    stream("two ops, newest, 50", () =>
      page({
        filter: { op_names: [opRef("classify_intent", "c1aaaa"), opRef("refund_policy.check", "p1aaaa")] },
        sort_by: desc("started_at"),
      }),
    ),
    stream("op, all versions (:*), ended_at desc, 50", () =>
      page({ filter: { op_names: [`weave:///${CALLS_PROJECT}/op/chat:*`] }, sort_by: desc("ended_at") }),
    ),
    stream("one trace", (p) => page({ filter: { trace_ids: [p.pick(traceIds)] }, sort_by: asc("started_at") }, 250)),
    stream("roots only, newest, 50", () => page({ filter: { trace_roots_only: true }, sort_by: desc("started_at") })),
    stream("roots only, newest, 250 at offset 10,000", () =>
      page({ filter: { trace_roots_only: true }, sort_by: desc("started_at") }, 250, 10_000),
    ),
    stream("one day (started_at range), newest, 50", (p) => {
      const from = anyDay(p);
      return page({ query: { $expr: startedBetween(from, from + DAY) }, sort_by: desc("started_at") });
    }),
    stream("one day, op_name asc, 50", (p) => {
      const from = anyDay(p);
      return page({ query: { $expr: startedBetween(from, from + DAY) }, sort_by: asc("op_name") });
    }),
    stream("one op, one day, roots only, newest, 50", (p) => {
      const from = anyDay(p);
      return page({
        filter: { op_names: [opRef("chat", "v2bbbb")], trace_roots_only: true },
        query: { $expr: startedBetween(from, from + DAY) },
        sort_by: desc("started_at"),
      });
    }),
    stream(`text "${TEXT_COMMON}" in inputs/output, newest, 50`, () =>
      page({ query: { $expr: contains(TEXT_COMMON) }, sort_by: desc("started_at") }),
    ),
    stream(`text "${TEXT_COMMON}", newest, 50 at offset 1,000`, () =>
      page({ query: { $expr: contains(TEXT_COMMON) }, sort_by: desc("started_at") }, 50, 1_000),
    ),
    stream(
      `text "${TEXT_RARE}" (rare), newest, 50`,
      () => page({ query: { $expr: contains(TEXT_RARE) }, sort_by: desc("started_at") }),
      false,
    ),
    stream(
      `text "${TEXT_ABSENT}" (nowhere), newest, 50`,
      () => page({ query: { $expr: contains(TEXT_ABSENT) }, sort_by: desc("started_at") }),
      false,
    ),
    stats("count: all", () => ({})),
    stats("count: one op version", () => ({ filter: { op_names: [opRef("classify_intent", "c2bbbb")] } })),
    stats("count: op, all versions (:*)", () => ({ filter: { op_names: [`weave:///${CALLS_PROJECT}/op/chat:*`] } })),
    stats("count: roots only", () => ({ filter: { trace_roots_only: true } })),
    stats("count: one day", (p) => {
      const from = anyDay(p);
      return { query: { $expr: startedBetween(from, from + DAY) } };
    }),
    stats("count: one trace", (p) => ({ filter: { trace_ids: [p.pick(traceIds)] } })),
    stats(`count: text "${TEXT_COMMON}"`, () => ({ query: { $expr: contains(TEXT_COMMON) } }), false),
  ];
}

type Measured = { shape: Shape; wall: Summary; rows: number };

export async function callsQueryPart(profile: Profile): Promise<PartOutput> {
  const built = buildCallsDatabase(TOTAL);
  console.info(`  ${count(TOTAL)} calls: insert ${ms(built.insertMs)}, indexes ${ms(built.indexMs)}`);
  const runner = createJobRunner(built.db, { stepMs: 0 });
  const app = createApp({ db: built.db, runner, chatTokenDelayMs: 0 });
  const runs = Math.max(10, Math.min(40, profile.items.runs));
  const p = picker(seededRandom(16_001));
  const measured: Measured[] = [];
  for (const shape of shapes(built.traceIds)) {
    // Unbudgeted shapes scan the whole table: fewer runs.
    const times = shape.budget ? runs : 5;
    const wall: number[] = [];
    let rows = 0;
    for (let run = 0; run <= times; run++) {
      const body = JSON.stringify({ project_id: CALLS_PROJECT, ...shape.body(p) });
      const t = await timeAsync(async () => {
        const res = await app.request(`/api/trace/calls/${shape.path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
          body,
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${shape.name}: ${res.status} ${text.slice(0, 300)}`);
        return shape.path === "query_stats"
          ? (JSON.parse(text) as { count: number }).count
          : text.split("\n").filter(Boolean).length;
      });
      // Run 0 warms the statement and the pages it reads.
      if (run > 0) wall.push(t.wall);
      rows = t.value;
    }
    measured.push({ shape, wall: summarize(wall), rows });
    const last = measured.at(-1) as Measured;
    console.info(
      `    ${shape.name.padEnd(48)} ${String(rows).padStart(7)} rows | p50 ${ms(last.wall.p50)} p95 ${ms(last.wall.p95)}`,
    );
  }
  built.db.close();

  const summary: SummaryRow[] = measured
    .filter((m) => m.shape.budget)
    .map((m) => ({
      benchmark: `Calls ${m.shape.path === "query_stats" ? "stats" : "page"} at 1M: ${m.shape.name}`,
      result: `p95 ${ms(m.wall.p95)} (p50 ${ms(m.wall.p50)})`,
      budget: `< ${BUDGET_MS} ms`,
      verdict: against(m.wall.p95, BUDGET_MS),
    }));
  const markdown = [
    `### Calls query at ${count(TOTAL)} calls (in process)`,
    "",
    `\`/calls/stream_query\` and \`/calls/query_stats\` through the app (validation, auth, SQL, NDJSON read to the end). ${count(TOTAL)} calls built in memory: insert ${(built.insertMs / 1000).toFixed(1)} s (one transaction, indexes dropped), indexes ${(built.indexMs / 1000).toFixed(1)} s. ${runs} timed runs per shape after one warm-up (5 for the whole-table text searches, which have no budget).`,
    "",
    table(
      ["request", "rows / count", "p50", "p95", "max", "budget (p95)", "verdict"],
      measured.map((m) => [
        m.shape.name,
        count(m.rows),
        ms(m.wall.p50),
        ms(m.wall.p95),
        ms(m.wall.max),
        m.shape.budget ? `< ${BUDGET_MS} ms` : "—",
        m.shape.budget ? verdictMark(against(m.wall.p95, BUDGET_MS)) : "—",
      ]),
    ),
  ].join("\n");
  return {
    summary,
    markdown,
    data: {
      insertMs: built.insertMs,
      indexMs: built.indexMs,
      shapes: measured.map((m) => ({ name: m.shape.name, path: m.shape.path, rows: m.rows, wall: m.wall })),
    },
  };
}
