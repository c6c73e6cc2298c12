import type { Database } from "better-sqlite3";
import type {
  Feedback,
  FeedbackCreateRequest,
  FeedbackCreateResponse,
  FeedbackQueryRequest,
  QueryExpression,
} from "../../../contract/trace-feedback";
import { LIMITS } from "../../../contract/limits";
import { FEEDBACK_COLUMNS } from "../../../contract/trace-feedback";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { uuid7Now } from "../ids";
import { compileQuery, fieldSql } from "./query-sql";
import { refuseSecondAnswer } from "./standing-answer";
import { validateFeedback } from "./validate";
import { cached } from "../../db/statements";

type FeedbackRow = Omit<Feedback, "payload"> & { payload: string };

function insert(db: Database, request: FeedbackCreateRequest, userId: string, now: number): FeedbackCreateResponse {
  const id = request.id ?? uuid7Now(now);
  const createdAt = new Date(now).toISOString();
  try {
    cached(
      db,
      `INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, creator, created_at, feedback_type, payload, annotation_ref, runnable_ref, call_ref, trigger_ref)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      request.project_id,
      request.weave_ref,
      userId,
      request.creator ?? null,
      createdAt,
      request.feedback_type,
      JSON.stringify(request.payload),
      request.annotation_ref ?? null,
      request.runnable_ref ?? null,
      request.call_ref ?? null,
      request.trigger_ref ?? null,
    );
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message))
      throw new ServiceError(400, `Feedback '${echo(id)}' already exists.`, "duplicate_id");
    throw error;
  }
  return { id, created_at: createdAt, wb_user_id: userId, payload: request.payload };
}

/**
 * Checks the feedback (validate.ts) and stores it; `wb_user_id` is the caller's. A human
 * annotation where one already stands is refused (standing-answer.ts): the check and the insert
 * are one transaction, so of two creates at once exactly one is stored.
 */
export function createFeedback(
  db: Database,
  request: FeedbackCreateRequest,
  userId: string,
  now = Date.now(),
): FeedbackCreateResponse {
  const spec = validateFeedback(db, request);
  return db
    .transaction(() => {
      if (spec) refuseSecondAnswer(db, request, userId, spec);
      return insert(db, request, userId, now);
    })
    .immediate();
}

/**
 * Replaces a row with a new one (a new id unless the request carries one), as upstream's
 * delete-then-create, but in one transaction: a refused replacement keeps the old row.
 */
export function replaceFeedback(
  db: Database,
  request: FeedbackCreateRequest & { feedback_id: string },
  userId: string,
  now = Date.now(),
): FeedbackCreateResponse {
  validateFeedback(db, request);
  const { feedback_id: feedbackId, ...fields } = request;
  return db
    .transaction(() => {
      const removed = db
        .prepare("DELETE FROM trace_feedback WHERE project_id = ? AND id = ?")
        .run(request.project_id, feedbackId);
      if (removed.changes === 0) throw new ServiceError(404, `Feedback '${echo(feedbackId)}' not found.`, "not_found");
      return insert(db, fields, userId, now);
    })
    .immediate();
}

const toApi = (row: FeedbackRow, fields: readonly string[] | null): Record<string, unknown> => {
  const full: Record<string, unknown> = { ...row, payload: JSON.parse(row.payload) };
  if (!fields) return full;
  return Object.fromEntries(fields.map((field) => [field, full[field]]));
};

/** The project's feedback matching the query, oldest first unless asked otherwise. */
export function queryFeedback(db: Database, request: FeedbackQueryRequest): Record<string, unknown>[] {
  const fields = request.fields?.length ? request.fields : null;
  for (const field of fields ?? []) {
    if (!(FEEDBACK_COLUMNS as readonly string[]).includes(field))
      throw new ServiceError(
        400,
        `Invalid query: '${echo(field)}' is not a feedback field (use ${FEEDBACK_COLUMNS.join(", ")}).`,
        "invalid_query",
      );
  }
  const where = request.query ? compileQuery(request.query.$expr as QueryExpression) : { sql: "1", params: [] };
  const order = (request.sort_by?.length ? request.sort_by : [{ field: "created_at", direction: "asc" as const }]).map(
    (sort) => ({ ...fieldSql(sort.field), direction: sort.direction === "desc" ? "DESC" : "ASC" }),
  );
  const rows = db
    .prepare(
      `SELECT f.id, f.project_id, f.weave_ref, f.wb_user_id, f.creator, f.created_at, f.feedback_type, f.payload, f.annotation_ref, f.runnable_ref, f.call_ref, f.trigger_ref
       FROM trace_feedback f WHERE f.project_id = ? AND ${where.sql}
       ORDER BY ${[...order.map((o) => `${o.sql} ${o.direction}`), "f.seq ASC"].join(", ")} LIMIT ? OFFSET ?`,
    )
    .all(
      request.project_id,
      ...where.params,
      ...order.flatMap((o) => o.params),
      request.limit ?? -1,
      request.offset ?? 0,
    ) as FeedbackRow[];
  return rows.map((row) => toApi(row, fields));
}

const refusePurge = (): never => {
  throw new ServiceError(
    400,
    "Purge takes ids only: {$eq: [{$getField: 'id'}, {$literal: '<id>'}]}, or an $or of those.",
    "invalid_purge",
  );
};

/** The id one `{$eq: [{$getField: "id"}, {$literal: id}]}` names. */
function purgedId(node: unknown): string {
  const eq = (node as { $eq?: unknown })?.$eq;
  if (!Array.isArray(eq) || eq.length !== 2) return refusePurge();
  const [field, literal] = eq as [{ $getField?: unknown }, { $literal?: unknown }];
  if (field?.$getField !== "id" || typeof literal?.$literal !== "string") return refusePurge();
  return literal.$literal;
}

/** The ids a purge names: upstream purges by id only (`$eq` on id, or an `$or` of those). */
function purgeIds(expr: QueryExpression): string[] {
  const or = (expr as { $or?: unknown }).$or;
  if (Array.isArray(or) && or.length > LIMITS.queryOperands)
    throw new ServiceError(400, `Purge takes at most ${LIMITS.queryOperands} ids at once.`, "invalid_purge");
  if (Array.isArray(or)) return or.map(purgedId);
  return [purgedId(expr)];
}

export function purgeFeedback(db: Database, projectId: string, expr: QueryExpression): number {
  const ids = purgeIds(expr);
  if (ids.length === 0) return 0;
  return db
    .prepare(`DELETE FROM trace_feedback WHERE project_id = ? AND id IN (${ids.map(() => "?").join(", ")})`)
    .run(projectId, ...ids).changes;
}
