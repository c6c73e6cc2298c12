import type { Database } from "better-sqlite3";
import type { FeedbackCreateRequest } from "../../../contract/trace-feedback";
import { ServiceError } from "../../http/errors";
import { askedPerAnnotator } from "./team-queues";
import type { AnsweredSpec } from "./validate";
import { cached } from "../../db/statements";

/**
 * Refuses a second answer where one already stands: one per call and question, or one per call,
 * question and annotator when the spec is unique among creators. Upstream enforces neither (its
 * TODO), so a client must create or replace accordingly; two creates at the same instant (two
 * tabs, two annotators) would both be stored and all but the latest hidden. The local service is
 * stricter: the second create is a 409 that names what to do instead, and a client reads the
 * call's answers and replaces the standing row. On a queue that keeps answers per annotator (its
 * team settings, team-queues.ts) a shared spec counts as unique among creators, as the dashboard
 * answers it there. Only human annotations are concerned: notes,
 * reactions and scores may be many per call. Runs inside the create's transaction.
 */
export function refuseSecondAnswer(
  db: Database,
  request: FeedbackCreateRequest,
  userId: string,
  spec: AnsweredSpec,
): void {
  const stands = (byAuthor: boolean) =>
    cached(
      db,
      `SELECT 1 FROM trace_feedback WHERE project_id = ? AND weave_ref = ? AND feedback_type = ?${byAuthor ? " AND wb_user_id = ?" : ""} LIMIT 1`,
    ).get(request.project_id, request.weave_ref, request.feedback_type, ...(byAuthor ? [userId] : [])) !== undefined;
  let perAnnotator = spec.uniqueAmongCreators;
  if (!stands(perAnnotator)) return;
  if (!perAnnotator) {
    // On a team queue (team-queues.ts) a shared spec is answered per annotator: only my own answer stands in the way.
    const callId = callIdOf(request.weave_ref);
    perAnnotator =
      callId !== null &&
      !!request.annotation_ref &&
      askedPerAnnotator(db, request.project_id, callId, request.annotation_ref);
    if (perAnnotator && !stands(true)) return;
  }
  const whose = perAnnotator ? "Your answer" : "An answer";
  throw new ServiceError(
    409,
    `${whose} to this question already stands on this call: replace it (/feedback/replace with its feedback_id) instead of creating another.`,
    "answer_exists",
  );
}

const callIdOf = (weaveRef: string): string | null => /\/call\/([^/]+)$/.exec(weaveRef)?.[1] ?? null;
