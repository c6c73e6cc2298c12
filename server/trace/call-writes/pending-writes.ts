import type { Database } from "better-sqlite3";
import { cached } from "../../db/statements";
import { setImmediate as nextTurn } from "node:timers/promises";

// Ends and display names that arrived before their call's start wait in trace_call_pending_writes
// (write-calls.ts) and are applied when the start comes. A start that never comes (the SDK gave
// up on its batch, the call was traced by a client that died) would leave them there forever, so
// each project keeps a bounded number for a bounded time (server/trace/README.md, "Writing calls").

/**
 * Pending writes a project may hold: a whole batch of ends (LIMITS.callsPerBatch items) whose
 * starts come in the next batch fits. Beyond it the oldest are dropped.
 */
export const MAX_PENDING_WRITES_PER_PROJECT = 100_000;
/**
 * How long a pending write waits for its start: the SDKs send a call's start before its end and
 * retry a failed batch for minutes, not hours, so an end a day old has no start coming.
 */
export const PENDING_WRITE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Rows one pruning step deletes, with the event loop free between steps. */
const PRUNE_STEP_ROWS = 1_000;

export type PendingWrite = { call_end: string | null; display_name: string | null };

/** The call's pending writes, removed as they are taken (the start applies them). */
export function takePendingWrites(db: Database, projectId: string, id: string): PendingWrite | undefined {
  const pending = cached(
    db,
    "SELECT call_end, display_name FROM trace_call_pending_writes WHERE project_id = ? AND id = ?",
  ).get(projectId, id) as PendingWrite | undefined;
  if (pending) cached(db, "DELETE FROM trace_call_pending_writes WHERE project_id = ? AND id = ?").run(projectId, id);
  return pending;
}

/** What a pending write holds: an end (its EndedCall as JSON) or a display name. */
export type PendingField = "call_end" | "display_name";

/**
 * Keeps an end or a display name for the call's start; a later one of the same kind replaces an
 * earlier one, and the other kind, kept before, stays. (`field` is one of two fixed column names.)
 */
export function keepPendingWrite(
  db: Database,
  projectId: string,
  id: string,
  field: PendingField,
  value: string,
  now: number,
): void {
  cached(
    db,
    `INSERT INTO trace_call_pending_writes (project_id, id, ${field}, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (project_id, id) DO UPDATE SET ${field} = excluded.${field}`,
  ).run(projectId, id, value, now);
}

/**
 * Applies the bounds to one project's pending writes: those kept before `now` minus
 * PENDING_WRITE_MAX_AGE_MS are removed, then the oldest beyond MAX_PENDING_WRITES_PER_PROJECT
 * (by the time they were first kept, then id). `created_at` is when a call's first pending write
 * arrived: a second write for the same call does not make it younger. Runs in steps of
 * PRUNE_STEP_ROWS, each its own statement, so a full batch's worth is removed without holding the
 * event loop; `limits` lowers the bounds in tests. Returns how many were removed.
 */
export async function prunePendingWrites(
  db: Database,
  projectId: string,
  now: number,
  limits: { maxCount?: number; maxAgeMs?: number } = {},
): Promise<number> {
  const maxCount = limits.maxCount ?? MAX_PENDING_WRITES_PER_PROJECT;
  const cutoff = now - (limits.maxAgeMs ?? PENDING_WRITE_MAX_AGE_MS);
  const expired = cached(
    db,
    `DELETE FROM trace_call_pending_writes WHERE project_id = ? AND id IN (
       SELECT id FROM trace_call_pending_writes WHERE project_id = ? AND created_at < ? ORDER BY created_at, id LIMIT ?)`,
  );
  const overflow = cached(
    db,
    `DELETE FROM trace_call_pending_writes WHERE project_id = ? AND id IN (
       SELECT id FROM trace_call_pending_writes WHERE project_id = ? ORDER BY created_at, id
       LIMIT MIN(?, MAX(0, (SELECT COUNT(*) FROM trace_call_pending_writes WHERE project_id = ?) - ?)))`,
  );
  return (
    (await deleteInSteps(() => expired.run(projectId, projectId, cutoff, PRUNE_STEP_ROWS).changes)) +
    (await deleteInSteps(() => overflow.run(projectId, projectId, PRUNE_STEP_ROWS, projectId, maxCount).changes))
  );
}

/** Runs a delete of at most PRUNE_STEP_ROWS rows until one removes fewer, the event loop free between; the rows removed. */
async function deleteInSteps(deleteStep: () => number): Promise<number> {
  let removed = 0;
  for (;;) {
    const changes = deleteStep();
    removed += changes;
    if (changes < PRUNE_STEP_ROWS) return removed;
    await nextTurn();
  }
}
