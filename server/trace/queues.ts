import type { Database } from "better-sqlite3";
import { LIMITS } from "../../contract/limits";
import type { AnnotationQueue, QueueStats, QueuesQueryRequest } from "../../contract/trace";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import { monotonicIdGenerator } from "./ids";
import { countFromCounts } from "./item-scans";
import { toApiQueue, type QueueRow } from "./rows";
import { cached } from "../db/statements";

export type NewQueue = {
  projectId: string;
  name: string;
  description: string;
  scorerRefs: readonly string[];
  createdBy: string;
  now?: number;
  /** Fixed id (seed data); a fresh UUIDv7 otherwise. */
  id?: string;
};

// Queues made in the same millisecond share created_at, and the list breaks that tie by id: ids
// that increase in creation order keep "oldest first" true for them too.
const nextQueueId = monotonicIdGenerator(undefined);

export function createQueue(db: Database, queue: NewQueue): QueueRow {
  const live = cached(
    db,
    "SELECT COUNT(*) FROM annotation_queues WHERE project_id = ? AND deleted_at IS NULL",
    "pluck",
  ).get(queue.projectId) as number;
  if (live >= LIMITS.queuesPerProject) {
    throw new ServiceError(
      400,
      `Project '${echo(queue.projectId)}' already holds ${LIMITS.queuesPerProject} queues, the most one project may have.`,
      "too_many_queues",
    );
  }
  const now = queue.now ?? Date.now();
  const id = queue.id ?? nextQueueId(now);
  cached(
    db,
    `INSERT INTO annotation_queues (id, project_id, name, description, scorer_refs, created_at, created_by, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    queue.projectId,
    queue.name,
    queue.description,
    JSON.stringify(queue.scorerRefs),
    now,
    queue.createdBy,
    now,
  );
  return findQueue(db, queue.projectId, id) as QueueRow;
}

/** The live (not deleted) queue `queueId` of the project, if any. */
export function findQueue(db: Database, projectId: string, queueId: string): QueueRow | undefined {
  return cached(db, "SELECT * FROM annotation_queues WHERE id = ? AND project_id = ? AND deleted_at IS NULL").get(
    queueId,
    projectId,
  ) as QueueRow | undefined;
}

export function requireQueue(db: Database, projectId: string, queueId: string): QueueRow {
  const queue = findQueue(db, projectId, queueId);
  // Upstream words it so: a deleted queue reads like an unknown one.
  if (!queue)
    throw new ServiceError(
      404,
      `Queue '${echo(queueId)}' not found or already deleted in project '${echo(projectId)}'.`,
      "not_found",
    );
  return queue;
}

export type QueueChanges = { name?: string | null; description?: string | null; scorerRefs?: readonly string[] | null };

/**
 * Replaces the fields given (null or absent ones are kept) and moves `updated_at`. No field given
 * answers the queue as it is, `updated_at` too (as upstream). 404 for an unknown or deleted queue.
 */
export function updateQueue(
  db: Database,
  projectId: string,
  queueId: string,
  changes: QueueChanges,
  now = Date.now(),
): QueueRow {
  const queue = requireQueue(db, projectId, queueId);
  const name = changes.name ?? null;
  const description = changes.description ?? null;
  const scorerRefs = changes.scorerRefs ? JSON.stringify(changes.scorerRefs) : null;
  if (name === null && description === null && scorerRefs === null) return queue;
  // An update within the queue's last millisecond still moves updated_at: clients compare it to see a change.
  cached(
    db,
    `UPDATE annotation_queues
        SET name = IFNULL(?, name), description = IFNULL(?, description), scorer_refs = IFNULL(?, scorer_refs),
            updated_at = MAX(?, updated_at + 1)
      WHERE seq = ?`,
  ).run(name, description, scorerRefs, now, queue.seq);
  return requireQueue(db, projectId, queueId);
}

/**
 * Soft delete, as upstream: only the queue row gets `deleted_at`. Its items, their progress and the
 * feedback on their calls stay in the database; the queue leaves the list and the stats (a zero
 * row), and reading, updating, querying its items or writing to it answers as for an unknown queue.
 */
export function deleteQueue(db: Database, projectId: string, queueId: string, now = Date.now()): QueueRow {
  const queue = requireQueue(db, projectId, queueId);
  cached(db, "UPDATE annotation_queues SET deleted_at = ? WHERE seq = ?").run(now, queue.seq);
  return { ...queue, deleted_at: now };
}

type QueueQuery = Omit<QueuesQueryRequest, "project_id">;

/**
 * The project's queues, filtered by a case-insensitive name substring, sorted (default
 * `created_at desc`, as upstream; `id asc` breaks ties) and paged. A project has few queues, so the filter runs
 * here with full Unicode case folding (SQLite's LIKE folds ASCII only).
 */
export function queryQueues(db: Database, projectId: string, query: QueueQuery): AnnotationQueue[] {
  const rows = cached(db, "SELECT * FROM annotation_queues WHERE project_id = ? AND deleted_at IS NULL").all(
    projectId,
  ) as QueueRow[];
  const needle = query.name?.toLocaleLowerCase();
  const matching = needle ? rows.filter((row) => row.name.toLocaleLowerCase().includes(needle)) : rows;
  const sortBy = query.sort_by?.length ? query.sort_by : [{ field: "created_at" as const, direction: "desc" as const }];
  matching.sort((a, b) => {
    for (const { field, direction } of sortBy) {
      const order = compare(a[field], b[field]);
      if (order !== 0) return direction === "asc" ? order : -order;
    }
    return compare(a.id, b.id);
  });
  const offset = query.offset ?? 0;
  const end = query.limit === null || query.limit === undefined ? undefined : offset + query.limit;
  return matching.slice(offset, end).map(toApiQueue);
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Totals per requested queue, one row per requested id in request order (a repeated id is answered
 * again), a queue id unknown to the project counting zero, as in the real service. `completed_items` follows the real trace server: items for which at least one
 * annotator recorded `completed` or `skipped` (both mean "done" for that annotator), even if a later
 * writer has since marked the item `in_progress`.
 */
export function queueStats(db: Database, projectId: string, queueIds: readonly string[]): QueueStats[] {
  const done = cached(
    db,
    `SELECT count(DISTINCT p.item_seq) AS n
       FROM annotation_item_progress p JOIN annotation_queue_items i ON i.seq = p.item_seq
      WHERE p.queue_seq = ? AND p.annotation_state IN ('completed', 'skipped') AND i.deleted_at IS NULL`,
  );
  const counted = new Map<string, QueueStats>();
  return queueIds.map((queueId) => {
    let stats = counted.get(queueId);
    if (!stats) {
      const queue = findQueue(db, projectId, queueId);
      const totalItems = queue ? (countFromCounts(db, { queueSeq: queue.seq, eqs: [] }) ?? 0) : 0;
      const completedItems = queue ? (done.get(queue.seq) as { n: number }).n : 0;
      stats = { queue_id: queueId, total_items: totalItems, completed_items: completedItems };
      counted.set(queueId, stats);
    }
    return { ...stats };
  });
}
