import type { Database } from "better-sqlite3";
import type { FeedbackCreateRequest } from "../../../contract/trace-feedback";
import { ServiceError } from "../../http/errors";
import type { AnsweredSpec } from "./validate";

/**
 * Refuses a second answer where one already stands: one per call and question, or one per call,
 * question and annotator when the spec is unique among creators. Upstream enforces neither (its
 * TODO), so a client must create or replace accordingly; two creates at the same instant (two
 * tabs, two annotators) would both be stored and all but the latest hidden. The local service is
 * stricter: the second create is a 409 that names what to do instead, and a client reads the
 * call's answers and replaces the standing row. Only human annotations are concerned: notes,
 * reactions and scores may be many per call. Runs inside the create's transaction.
 */
export function refuseSecondAnswer(
  db: Database,
  request: FeedbackCreateRequest,
  userId: string,
  spec: AnsweredSpec,
): void {
  const byAuthor = spec.uniqueAmongCreators ? " AND wb_user_id = ?" : "";
  const params = [
    request.project_id,
    request.weave_ref,
    request.feedback_type,
    ...(spec.uniqueAmongCreators ? [userId] : []),
  ];
  const standing = db
    .prepare(
      `SELECT 1 FROM trace_feedback WHERE project_id = ? AND weave_ref = ? AND feedback_type = ?${byAuthor} LIMIT 1`,
    )
    .get(...params);
  if (standing === undefined) return;
  const whose = spec.uniqueAmongCreators ? "Your answer" : "An answer";
  throw new ServiceError(
    409,
    `${whose} to this question already stands on this call: replace it (/feedback/replace with its feedback_id) instead of creating another.`,
    "answer_exists",
  );
}
