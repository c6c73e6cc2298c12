import type { Database } from "better-sqlite3";
import { LIMITS } from "../../../contract/limits";
import {
  ANNOTATION_FEEDBACK_PREFIX,
  NOTE_FEEDBACK_TYPE,
  REACTION_FEEDBACK_TYPE,
  RUNNABLE_FEEDBACK_PREFIX,
  type FeedbackCreateRequest,
} from "../../../contract/trace-feedback";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { valueProblem } from "../objects/json-schema";
import { parseObjectRef } from "../../../contract/weave-refs";
import { validateRunnable } from "./validate-runnable";
import { cached } from "../../db/statements";

const refuse = (message: string, code = "invalid_feedback"): never => {
  throw new ServiceError(400, message, code);
};

/** What an answer's spec says about who may answer: one shared answer, or one per annotator. */
export type AnsweredSpec = { uniqueAmongCreators: boolean };

/**
 * The checks upstream's `validate_feedback_create_req` makes, before anything is written:
 * the payload's size; the ref is in the request's project; an annotation names its spec by an
 * `annotation_ref` whose object id is the type's suffix, in the same project, and its value
 * satisfies the spec's field_schema; `annotation_ref` only on annotations; a judge's score is
 * checked as validate-runnable.ts says, and `runnable_ref`, `call_ref`, `trigger_ref` are for those
 * only; a note is 1 to 1,024 characters; a reaction is one emoji. An annotation's spec is returned
 * (null for anything else).
 */
export function validateFeedback(db: Database, request: FeedbackCreateRequest): AnsweredSpec | null {
  if (Buffer.byteLength(JSON.stringify(request.payload)) > LIMITS.feedbackPayloadBytes)
    refuse("Feedback payload too large", "payload_too_large");
  if (!request.weave_ref.startsWith(`weave:///${request.project_id}/`)) {
    refuse(
      `weave_ref must point into project '${echo(request.project_id)}' (weave:///${echo(request.project_id)}/call/<id>).`,
    );
  }
  const type = request.feedback_type;
  // Upstream tells a runnable's score by this prefix without its dot, and then requires the dot.
  if (type.startsWith(RUNNABLE_FEEDBACK_PREFIX.slice(0, -1))) {
    if (request.annotation_ref)
      refuse(`annotation_ref is only for ${ANNOTATION_FEEDBACK_PREFIX}<name> feedback, not '${echo(type)}'.`);
    validateRunnable(request);
    return null;
  }
  // *Local choice*: upstream lets these through on an annotation; no client sends them there.
  for (const field of ["runnable_ref", "call_ref", "trigger_ref"] as const) {
    if (request[field]) refuse(`${field} is only for ${RUNNABLE_FEEDBACK_PREFIX}<name> feedback, not '${echo(type)}'.`);
  }
  if (type.startsWith(ANNOTATION_FEEDBACK_PREFIX))
    return validateAnnotation(db, request, type.slice(ANNOTATION_FEEDBACK_PREFIX.length));
  if (request.annotation_ref)
    refuse(`annotation_ref is only for ${ANNOTATION_FEEDBACK_PREFIX}<name> feedback, not '${echo(type)}'.`);
  if (type === NOTE_FEEDBACK_TYPE) validateNote(request.payload);
  if (type === REACTION_FEEDBACK_TYPE) validateReaction(request.payload);
  return null;
}

function onlyKey(payload: Record<string, unknown>, key: string, type: string): unknown {
  const keys = Object.keys(payload);
  if (keys.length !== 1 || keys[0] !== key) refuse(`A ${type} payload is {"${key}": ...} and nothing else.`);
  return payload[key];
}

function validateAnnotation(db: Database, request: FeedbackCreateRequest, name: string): AnsweredSpec {
  if (!name) refuse(`The feedback type names its spec: ${ANNOTATION_FEEDBACK_PREFIX}<spec name>.`);
  if (!request.annotation_ref)
    return refuse("annotation_ref is required for annotation feedback: the ref of its AnnotationSpec.");
  const ref = parseObjectRef(request.annotation_ref);
  if (!ref || ref.kind !== "object" || ref.digest === "latest")
    return refuse(
      "annotation_ref must be an object ref by digest: weave:///<entity>/<project>/object/<name>:<digest>.",
    );
  if (`${ref.entity}/${ref.project}` !== request.project_id)
    refuse(`annotation_ref must be in the feedback's project '${echo(request.project_id)}'.`);
  if (ref.name !== name)
    refuse(`annotation_ref names the spec '${echo(ref.name)}' but the feedback type names '${echo(name)}'.`);
  const row = cached(
    db,
    "SELECT val, leaf_object_class, deleted_at FROM trace_objects WHERE project_id = ? AND object_id = ? AND digest = ?",
  ).get(request.project_id, ref.name, ref.digest) as
    | { val: string; leaf_object_class: string | null; deleted_at: number | null }
    | undefined;
  if (!row || row.deleted_at !== null)
    return refuse(`annotation_ref points at no AnnotationSpec: ${echo(ref.name)}:${echo(ref.digest)} was not found.`);
  if (row.leaf_object_class !== "AnnotationSpec")
    refuse(`annotation_ref must point at an AnnotationSpec, not a ${echo(row.leaf_object_class ?? "plain object")}.`);
  const spec = JSON.parse(row.val) as { name?: string | null; field_schema?: object; unique_among_creators?: boolean };
  const value = onlyKey(request.payload, "value", "human annotation");
  const problem = valueProblem(spec.field_schema ?? {}, value);
  if (problem)
    refuse(
      `payload.value does not fit the spec '${echo(spec.name ?? ref.name)}': ${problem}.`,
      "invalid_annotation_value",
    );
  return { uniqueAmongCreators: spec.unique_among_creators === true };
}

function validateNote(payload: Record<string, unknown>): void {
  const note = onlyKey(payload, "note", "note");
  if (typeof note !== "string" || note.length < 1 || note.length > LIMITS.noteLength)
    refuse(`payload.note must be text of 1 to ${LIMITS.noteLength} characters.`);
}

const EMOJI = /^\p{Extended_Pictographic}/u;

function validateReaction(payload: Record<string, unknown>): void {
  const emoji = onlyKey(payload, "emoji", "reaction");
  const graphemes =
    typeof emoji === "string" ? [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(emoji)] : [];
  if (graphemes.length !== 1 || !EMOJI.test(graphemes[0]!.segment)) refuse("payload.emoji must be exactly one emoji.");
}
