import type { Database } from "better-sqlite3";
import { asksPerAnnotator, teamSettingsObjectId } from "../../../contract/queue-team-settings";
import { parseObjectRef } from "../../../contract/weave-refs";

/**
 * Whether the call is an item of a queue that asks this spec and keeps each annotator's answer
 * apart (its team settings object asks several answers per item, or blind review): there the
 * dashboard answers a spec shared among creators per annotator, so a second annotator's answer
 * stands beside the first. Read only when a create would otherwise be refused.
 */
export function askedPerAnnotator(db: Database, projectId: string, callId: string, specRef: string): boolean {
  const specName = parseObjectRef(specRef)?.name;
  if (!specName) return false;
  const queues = db
    .prepare(
      `SELECT q.id, q.scorer_refs FROM annotation_queues q
       JOIN annotation_queue_items i ON i.queue_seq = q.seq AND i.call_id = ? AND i.deleted_at IS NULL
       WHERE q.project_id = ? AND q.deleted_at IS NULL`,
    )
    .all(callId, projectId) as { id: string; scorer_refs: string }[];
  const latest = db.prepare(
    `SELECT val, deleted_at FROM trace_objects WHERE project_id = ? AND object_id = ?
     ORDER BY version_index DESC LIMIT 1`,
  );
  return queues.some((queue) => {
    const refs = JSON.parse(queue.scorer_refs) as string[];
    if (!refs.some((ref) => parseObjectRef(ref)?.name === specName)) return false;
    const settings = latest.get(projectId, teamSettingsObjectId(queue.id)) as
      | { val: string; deleted_at: number | null }
      | undefined;
    return !!settings && settings.deleted_at === null && asksPerAnnotator(JSON.parse(settings.val) as object);
  });
}
