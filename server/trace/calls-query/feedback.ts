import type { Database } from "better-sqlite3";

type FeedbackRow = { weave_ref: string; payload: string } & Record<string, unknown>;

/**
 * The feedback on each of `callIds` (by the call's ref), oldest first, as upstream attaches it to
 * `summary.weave.feedback` when a calls query asks `include_feedback`. One indexed query per step.
 */
export function feedbackByCall(db: Database, projectId: string, callIds: readonly string[]): Map<string, unknown[]> {
  const byCall = new Map<string, unknown[]>();
  if (callIds.length === 0) return byCall;
  const prefix = `weave:///${projectId}/call/`;
  const rows = db
    .prepare(
      `SELECT id, project_id, weave_ref, wb_user_id, creator, created_at, feedback_type, payload, annotation_ref, runnable_ref, call_ref, trigger_ref
       FROM trace_feedback WHERE project_id = ? AND weave_ref IN (${callIds.map(() => "?").join(", ")}) ORDER BY seq`,
    )
    .all(projectId, ...callIds.map((id) => `${prefix}${id}`)) as FeedbackRow[];
  for (const row of rows) {
    const callId = row.weave_ref.slice(prefix.length);
    const list = byCall.get(callId) ?? [];
    list.push({ ...row, payload: JSON.parse(row.payload) as unknown });
    byCall.set(callId, list);
  }
  return byCall;
}
