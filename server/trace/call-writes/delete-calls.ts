import type { Database } from "better-sqlite3";
import { writeTransaction } from "../../db/write-transaction";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { cached } from "../../db/statements";

/**
 * The asked calls and every descendant (children, their children, ...), as upstream deletes them:
 * one walk down the `(project_id, parent_id)` index. Ids the project does not have are left out.
 */
const DOOMED = `
  WITH RECURSIVE doomed(id) AS (
    SELECT c.id FROM trace_calls c WHERE c.project_id = @project_id AND c.id IN (SELECT value FROM json_each(@ids))
    UNION
    SELECT c.id FROM trace_calls c JOIN doomed d ON c.project_id = @project_id AND c.parent_id = d.id
  )`;

/** Queue items (live or in a deleted queue) whose call would go: at most a few, to name them. */
const QUEUED = `${DOOMED}
  SELECT i.call_id, q.name AS queue_name FROM annotation_queue_items i JOIN annotation_queues q ON q.seq = i.queue_seq
  WHERE i.project_id = @project_id AND i.call_id IN (SELECT id FROM doomed) LIMIT 3`;

const DELETE = `${DOOMED}
  DELETE FROM trace_calls WHERE project_id = @project_id AND id IN (SELECT id FROM doomed)`;

/**
 * `POST /calls/delete`: deletes the calls and their descendants in one transaction; returns how
 * many went. Upstream marks them deleted and keeps everything else; here a call is removed, so a
 * call that is an item of an annotation queue (whose annotations point at it) is refused with a
 * 400 naming it and the queue, and nothing is deleted. Unknown ids are skipped, as upstream.
 */
export function deleteCalls(db: Database, projectId: string, callIds: readonly string[]): number {
  const params = { project_id: projectId, ids: JSON.stringify(callIds) };
  return writeTransaction(db, () => {
    const queued = cached(db, QUEUED).all(params) as { call_id: string; queue_name: string }[];
    if (queued.length > 0) {
      const named = queued.map((row) => `'${echo(row.call_id)}' (queue '${echo(row.queue_name)}')`).join(", ");
      throw new ServiceError(
        400,
        `Calls in an annotation queue cannot be deleted, their annotations refer to them: ${named}. Nothing was deleted.`,
        "call_in_queue",
      );
    }
    const deleted = cached(db, DELETE).run(params).changes;
    cached(
      db,
      "DELETE FROM trace_call_pending_writes WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))",
    ).run(projectId, params.ids);
    return deleted;
  });
}
