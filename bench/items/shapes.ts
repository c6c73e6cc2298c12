import type { Database } from "better-sqlite3";
import type { ItemsQueryRequest } from "../../contract/trace";
import { picker, seededRandom, type Picker } from "../../server/trace/seed/prng";

/** What a queue offers the shapes to pick from: its size, its operations and a few call ids. */
export type QueueFacts = {
  seq: number;
  id: string;
  projectId: string;
  total: number;
  ops: string[];
  callIds: string[];
  traceIds: string[];
};

export type QueryBody = Omit<ItemsQueryRequest, "project_id" | "include_position">;

/**
 * A kind of request the items table sends. The first five are the budget's shapes (no filter,
 * state filter, operation filter, two-key sort, deep offset); the rest cover the other plans
 * (sort from the far end, adder, lookups). Page sizes are the table's (50, 100, 250).
 */
export type Shape = { name: string; make: (p: Picker, q: QueueFacts) => QueryBody };

const size = (p: Picker) => p.pick([50, 100, 250]);
const anywhere = (p: Picker, total: number) => p.int(0, Math.max(0, total - 250));

export const SHAPES: readonly Shape[] = [
  { name: "no filter, first pages", make: (p) => ({ limit: size(p), offset: p.int(0, 20) * 50 }) },
  {
    name: "state filter (completed)",
    make: (p) => ({ limit: size(p), offset: p.int(0, 20) * 50, filter: { annotation_states: ["completed"] } }),
  },
  {
    name: "operation filter",
    make: (p, q) => ({ limit: size(p), offset: p.int(0, 20) * 50, filter: { call_op_name: p.pick(q.ops) } }),
  },
  {
    name: "two-key sort (op asc, started desc), anywhere",
    make: (p, q) => ({
      limit: size(p),
      offset: anywhere(p, q.total),
      sort_by: [
        { field: "call_op_name", direction: "asc" },
        { field: "call_started_at", direction: "desc" },
      ],
    }),
  },
  {
    name: "deep offset (90%)",
    make: (p, q) => ({
      limit: size(p),
      offset: Math.floor(q.total * 0.9) + p.int(0, Math.min(1000, Math.floor(q.total * 0.09))),
    }),
  },
  { name: "no filter, anywhere", make: (p, q) => ({ limit: size(p), offset: anywhere(p, q.total) }) },
  {
    name: "created_at desc, anywhere",
    make: (p, q) => ({
      limit: size(p),
      offset: anywhere(p, q.total),
      sort_by: [{ field: "created_at", direction: "desc" }],
    }),
  },
  {
    name: "state filter (to do), first half",
    make: (p, q) => ({
      limit: size(p),
      offset: p.int(0, Math.floor(q.total * 0.5)),
      filter: { annotation_states: ["unstarted", "in_progress"] },
    }),
  },
  {
    name: "operation filter, deep",
    make: (p, q) => ({
      limit: size(p),
      offset: p.int(0, Math.floor(q.total / 20)),
      filter: { call_op_name: q.ops[0] as string },
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
  { name: "call id lookup", make: (p, q) => ({ limit: 50, offset: 0, filter: { call_id: p.pick(q.callIds) } }) },
  {
    name: "trace id lookup, sorted by update",
    make: (p, q) => ({
      limit: 50,
      offset: 0,
      filter: { call_trace_id: p.pick(q.traceIds) },
      sort_by: [{ field: "updated_at", direction: "desc" }],
    }),
  },
];

/** The same `count` requests of a shape on every run and machine (seeded by the shape's index). */
export function requestsOf(shape: Shape, index: number, queue: QueueFacts, count: number): ItemsQueryRequest[] {
  const p = picker(seededRandom(1000 + index));
  return Array.from({ length: count }, () => ({
    project_id: queue.projectId,
    include_position: true,
    ...shape.make(p, queue),
  }));
}

/** The largest queue of a database (the benchmark's), with what the shapes need from it. */
export function queueFacts(db: Database, queueId?: string): QueueFacts {
  const queue = db
    .prepare(
      `SELECT q.seq AS seq, q.id AS id, q.project_id AS projectId, SUM(c.n) AS total
       FROM annotation_queues q JOIN annotation_queue_item_counts c ON c.queue_seq = q.seq
       WHERE ? IS NULL OR q.id = ? GROUP BY q.seq ORDER BY total DESC LIMIT 1`,
    )
    .get(queueId ?? null, queueId ?? null) as Omit<QueueFacts, "ops" | "callIds" | "traceIds"> | undefined;
  if (!queue) throw new Error(`no queue ${queueId ?? "with items"} in the benchmark database`);
  const ops = db
    .prepare(
      "SELECT call_op_name FROM annotation_queue_item_counts WHERE queue_seq = ? GROUP BY 1 ORDER BY SUM(n) DESC",
    )
    .pluck()
    .all(queue.seq) as string[];
  // About 200 items spread over the queue, the same on every run.
  const step = Math.max(1, Math.floor(queue.total / 200));
  const sample = db
    .prepare(
      "SELECT call_id AS callId, call_trace_id AS traceId FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL AND seq % ? = 0 LIMIT 200",
    )
    .all(queue.seq, step) as { callId: string; traceId: string }[];
  return { ...queue, ops, callIds: sample.map((s) => s.callId), traceIds: sample.map((s) => s.traceId) };
}
