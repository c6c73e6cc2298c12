import type { Database } from "better-sqlite3";
import { openDatabase } from "../../server/db/database";
import { seedUsers } from "../../server/seed/users";
import { randomHex, uuid7Now } from "../../server/trace/ids";
import { picker, seededRandom } from "../../server/trace/seed/prng";

/** In the demo entity, which the demo key may read. */
export const CALLS_PROJECT = "demo/calls-bench";
export const CALLS_NOW = Date.parse("2026-11-20T10:00:00.000Z");
const DAY = 86_400_000;

/** Ops and their versions: a chat op with three versions, the rest with one or two. */
export const BENCH_OPS = {
  chat: ["v1aaaa", "v2bbbb", "v3cccc"],
  "retriever.search": ["r1aaaa"],
  classify_intent: ["c1aaaa", "c2bbbb"],
  "refund_policy.check": ["p1aaaa"],
  summarize_conversation: ["s1aaaa"],
  escalate_to_human: ["e1aaaa"],
} as const;
export type BenchOp = keyof typeof BENCH_OPS;
export const opRef = (op: BenchOp, digest: string) => `weave:///${CALLS_PROJECT}/op/${op}:${digest}`;

/**
 * Words of the questions. `refund` is in about one question in eight; `chargeback` in about one in
 * 2,000 (a rare term: its search cannot stop early); no question holds `zeppelin`.
 */
const COMMON = [
  "order",
  "delivery",
  "parcel",
  "invoice",
  "account",
  "password",
  "address",
  "size",
  "colour",
  "voucher",
  "return",
  "courier",
];
export const TEXT_COMMON = "refund";
export const TEXT_RARE = "chargeback";
export const TEXT_ABSENT = "zeppelin";

const INSERT = `INSERT INTO trace_calls (project_id, id, op_name, display_name, trace_id, parent_id, started_at, ended_at, inputs, output, exception, attributes, summary, wb_user_id)
  VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?)`;

/** The calls query's indexes (migration trace/004): dropped for the load and built once after it, as large-queue.ts does. */
function callIndexes(db: Database): string[] {
  return db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'trace_calls' AND sql IS NOT NULL")
    .pluck()
    .all() as string[];
}

/**
 * `total` calls of CALLS_PROJECT over the 30 days before CALLS_NOW: traces of a root call and 0-4
 * children (so about a third are roots), several ops and versions, chat-style inputs and outputs,
 * 3% errors and 1% still running. In memory; returns the database and how long the load took.
 */
export function buildCallsDatabase(total: number): {
  db: Database;
  insertMs: number;
  indexMs: number;
  traceIds: string[];
} {
  const db = openDatabase(":memory:");
  seedUsers(db);
  const p = picker(seededRandom(16_000));
  const indexes = callIndexes(db);
  for (const sql of indexes) db.exec(`DROP INDEX ${/CREATE INDEX (\w+)/.exec(sql)?.[1] ?? ""}`);
  const insert = db.prepare(INSERT);
  const ops = Object.keys(BENCH_OPS) as BenchOp[];
  const traceIds: string[] = [];
  const started = performance.now();
  db.transaction(() => {
    let written = 0;
    while (written < total) {
      const traceId = randomHex(32, p.random);
      if (traceIds.length < 1000) traceIds.push(traceId);
      const rootAt = CALLS_NOW - p.int(0, 30 * DAY);
      const children = Math.min(total - written - 1, p.int(0, 4));
      const rootId = uuid7Now(rootAt, p.random);
      for (let k = 0; k <= children; k++) {
        const op: BenchOp = k === 0 ? "chat" : (p.pick(ops) as BenchOp);
        const versions = BENCH_OPS[op];
        const at = rootAt + k * p.int(5, 400);
        const status = p.weighted([
          ["ok", 96],
          ["error", 3],
          ["running", 1],
        ] as const);
        const words = [
          p.pick(COMMON),
          p.pick(COMMON),
          p.chance(0.125) ? TEXT_COMMON : p.pick(COMMON),
          p.chance(0.0005) ? TEXT_RARE : p.pick(COMMON),
        ];
        const question = `Question about my ${words.join(" and ")} (#${p.int(1000, 99999)})`;
        const latency = p.int(40, 9000);
        insert.run(
          CALLS_PROJECT,
          k === 0 ? rootId : uuid7Now(at, p.random),
          opRef(op, versions[Math.min(versions.length - 1, Math.floor(p.random() * versions.length))] as string),
          traceId,
          k === 0 ? null : rootId,
          at,
          status === "running" ? null : at + latency,
          JSON.stringify({ messages: [{ role: "user", content: question }], model: "gpt-4o-mini" }),
          status === "ok"
            ? JSON.stringify({
                choices: [{ message: { role: "assistant", content: `Here is what I found about your ${words[0]}.` } }],
              })
            : null,
          status === "error" ? "RateLimitError: 429 Too Many Requests" : null,
          JSON.stringify({
            weave: { status: status === "ok" ? "success" : status, latency_ms: status === "running" ? null : latency },
          }),
          "user-demo",
        );
      }
      written += children + 1;
    }
  })();
  const insertMs = performance.now() - started;
  const indexStarted = performance.now();
  // No ANALYZE: the planner sees what it sees in a real database, which nothing analyses either.
  for (const sql of indexes) db.exec(sql);
  return { db, insertMs, indexMs: performance.now() - indexStarted, traceIds };
}
