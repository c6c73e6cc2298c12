import type { Database } from "better-sqlite3";
import { parseArgs } from "node:util";
import { ItemsQueryRequest, type ItemsQueryRequest as ItemsQueryInput } from "../../contract/trace";
import { openDatabase } from "../../server/db/database";
import { seedLargeQueue } from "../../server/seed/trace-seed";
import { seedUsers } from "../../server/seed/users";
import { queryItems } from "../../server/trace/items-query";
import { queryItemsNaive } from "../../server/trace/items-query.reference-impl";
import type { QueueRow } from "../../server/trace/rows";
import { picker, seededRandom, type Picker } from "../../server/trace/seed/prng";

// A quick timing probe of the items query (not a part of `npm run bench`: run by hand). Builds a queue of
// --items items in memory (or opens --db FILE and uses its largest queue), then times each request
// shape with include_position, checking the planned query against the naive one on the first run.
//   npx tsx bench/items/items-probe.ts --items 100000 [--runs 40] [--naive-runs 3]
//   npx tsx bench/items/items-probe.ts --db data/local.db [--mmap 2048]

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "100000" },
    db: { type: "string" },
    runs: { type: "string", default: "40" },
    "naive-runs": { type: "string", default: "3" },
    // Memory-map this many MiB of a --db file (SQLite's page cache is 2 MiB by default).
    mmap: { type: "string" },
  },
});

const db = values.db ? openDatabase(values.db) : openDatabase(":memory:");
if (values.mmap) db.pragma(`mmap_size = ${Number(values.mmap) * 1024 * 1024}`);
if (!values.db) {
  seedUsers(db);
  const started = performance.now();
  seedLargeQueue(db, {
    projectId: "demo/support-bot",
    items: Number(values.items),
    now: new Date("2026-11-20T10:00:00.000Z"),
  });
  console.info(`seeded ${values.items} items in ${Math.round(performance.now() - started)} ms`);
}
const queue = db
  .prepare(
    "SELECT q.* FROM annotation_queues q JOIN annotation_queue_item_counts c ON c.queue_seq = q.seq GROUP BY q.seq ORDER BY SUM(c.n) DESC LIMIT 1",
  )
  .get() as QueueRow;
const total = db
  .prepare("SELECT SUM(n) FROM annotation_queue_item_counts WHERE queue_seq = ?")
  .pluck()
  .get(queue.seq) as number;
const ops = db
  .prepare("SELECT call_op_name FROM annotation_queue_item_counts WHERE queue_seq = ? GROUP BY 1 ORDER BY SUM(n) DESC")
  .pluck()
  .all(queue.seq) as string[];
console.info(`queue ${queue.id}: ${total} live items, ${ops.length} operations`);

type Shape = { name: string; make: (p: Picker) => Omit<ItemsQueryInput, "project_id"> };
const size = (p: Picker) => p.pick([50, 100, 250]);
const shapes: Shape[] = [
  { name: "no filter, first pages", make: (p) => ({ limit: size(p), offset: p.int(0, 20) * 50 }) },
  { name: "no filter, anywhere", make: (p) => ({ limit: size(p), offset: p.int(0, total - 250) }) },
  { name: "deep offset (90%)", make: (p) => ({ limit: size(p), offset: Math.floor(total * 0.9) + p.int(0, 1000) }) },
  {
    name: "created_at desc, anywhere",
    make: (p) => ({
      limit: size(p),
      offset: p.int(0, total - 250),
      sort_by: [{ field: "created_at", direction: "desc" }],
    }),
  },
  {
    name: "state filter (completed)",
    make: (p) => ({ limit: size(p), offset: p.int(0, 20) * 50, filter: { annotation_states: ["completed"] } }),
  },
  {
    name: "state filter (to do), anywhere",
    make: (p) => ({
      limit: size(p),
      offset: p.int(0, Math.floor(total * 0.5)),
      filter: { annotation_states: ["unstarted", "in_progress"] },
    }),
  },
  {
    name: "operation filter",
    make: (p) => ({ limit: size(p), offset: p.int(0, 20) * 50, filter: { call_op_name: p.pick(ops) } }),
  },
  {
    name: "operation filter, deep",
    make: (p) => ({
      limit: size(p),
      offset: p.int(0, Math.floor(total / 20)),
      filter: { call_op_name: ops[0] as string },
    }),
  },
  {
    name: "two-key sort (op asc, started desc)",
    make: (p) => ({
      limit: size(p),
      offset: p.int(0, total - 250),
      sort_by: [
        { field: "call_op_name", direction: "asc" },
        { field: "call_started_at", direction: "desc" },
      ],
    }),
  },
  {
    name: "two-key sort (updated desc, op asc) + state",
    make: (p) => ({
      limit: size(p),
      offset: p.int(0, 20) * 50,
      sort_by: [
        { field: "updated_at", direction: "desc" },
        { field: "call_op_name", direction: "asc" },
      ],
      filter: { annotation_states: ["completed", "skipped"] },
    }),
  },
  {
    name: "adder + state filter",
    make: (p) => ({
      limit: size(p),
      offset: p.int(0, 10) * 50,
      filter: { added_by: "user-maria", annotation_states: ["unstarted"] },
    }),
  },
];

/** Wall-clock and CPU milliseconds of one call (CPU time is what a busy shared machine distorts least). */
function time(fn: () => unknown): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const f = (n: number) => n.toFixed(1).padStart(7);

function run(database: Database) {
  const runs = Number(values.runs);
  const naiveRuns = Number(values["naive-runs"]);
  for (const shape of shapes) {
    const p = picker(seededRandom(7));
    const samples: number[] = [];
    const cpu: number[] = [];
    const naive: number[] = [];
    for (let i = 0; i < runs; i++) {
      const request = ItemsQueryRequest.parse({
        project_id: queue.project_id,
        include_position: true,
        ...shape.make(p),
      });
      let planned: unknown;
      const measured = time(() => (planned = queryItems(database, queue, request)));
      samples.push(measured.wall);
      cpu.push(measured.cpu);
      if (i < naiveRuns) {
        let reference: unknown;
        naive.push(time(() => (reference = queryItemsNaive(database, queue, request))).wall);
        if (JSON.stringify(planned) !== JSON.stringify(reference))
          throw new Error(`${shape.name}: planned and naive answers differ for ${JSON.stringify(request)}`);
      }
    }
    const naiveText = naive.length ? `   naive p50 ${f(percentile(naive, 50))} ms` : "";
    console.info(
      `${shape.name.padEnd(44)} wall p50 ${f(percentile(samples, 50))}  p95 ${f(percentile(samples, 95))}  max ${f(Math.max(...samples))} ms | cpu p50 ${f(percentile(cpu, 50))}  p95 ${f(percentile(cpu, 95))} ms${naiveText}`,
    );
  }
}

run(db);
