import type { Feedback } from "@contract/trace-feedback";

/** The columns the figures read: who answered what, when, on which call (the rest of a row is not sent). */
export const ANSWER_COLUMNS = ["id", "weave_ref", "wb_user_id", "created_at", "feedback_type", "payload"] as const;

const TEXT_COLUMNS = ["id", "weave_ref", "wb_user_id", "created_at", "feedback_type"] as const;

/**
 * One row of a narrowed feedback query as the figures read it, checked column by column. By hand
 * rather than with a zod object: a 10,000-item queue has some 30,000 rows, and zod's object and
 * record parse of each (a copy of the row and of its payload) held the main thread about 60 ms in
 * all where this takes a few. A row that is not what the service promises fails the read, naming
 * the column.
 */
export function answerRowOf(row: Readonly<Record<string, unknown>>, projectId: string): Feedback {
  for (const column of TEXT_COLUMNS)
    if (typeof row[column] !== "string")
      throw new Error(`The trace service sent a feedback row whose "${column}" is not text.`);
  const payload = row.payload;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    throw new Error('The trace service sent a feedback row whose "payload" is not an object.');
  return {
    id: row.id as string,
    project_id: projectId,
    weave_ref: row.weave_ref as string,
    wb_user_id: row.wb_user_id as string,
    created_at: row.created_at as string,
    feedback_type: row.feedback_type as string,
    payload: payload as Record<string, unknown>,
  };
}
