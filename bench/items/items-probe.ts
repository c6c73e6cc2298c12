import type { Database } from "better-sqlite3";
import { parseArgs } from "node:util";
import { ItemsQueryRequest } from "../../contract/trace";
import { openDatabase } from "../../server/db/database";
import { seedLargeQueue } from "../../server/seed/trace-seed";
import { seedUsers } from "../../server/seed/users";
import { queryItems } from "../../server/trace/items-query";
import { queryItemsNaive } from "../../server/trace/items-query.reference-impl";
import type { QueueRow } from "../../server/trace/rows";
import { queueFacts, requestsOf, SHAPES } from "./shapes";

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
// The bench's own queue facts and request shapes, so the probe times what `npm run bench` times.
const facts = queueFacts(db);
const queue = db.prepare("SELECT * FROM annotation_queues WHERE seq = ?").get(facts.seq) as QueueRow;
console.info(`queue ${queue.id}: ${facts.total} live items, ${facts.ops.length} operations`);

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
  SHAPES.forEach((shape, index) => {
    const samples: number[] = [];
    const cpu: number[] = [];
    const naive: number[] = [];
    for (const [i, body] of requestsOf(shape, index, facts, runs).entries()) {
      const request = ItemsQueryRequest.parse(body);
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
  });
}

run(db);
