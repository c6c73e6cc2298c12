import { RUNNABLE_FEEDBACK_PREFIX, type FeedbackCreateRequest } from "../../../contract/trace-feedback";
import { parseObjectRef } from "../../../contract/weave-refs";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";

const refuse = (message: string): never => {
  throw new ServiceError(400, message, "invalid_feedback");
};

const CALL_REF = /^weave:\/\/\/([^/]+)\/([^/]+)\/call\/([^/]+)$/;

/**
 * A judge's score, as upstream's `validate_feedback_create_req` checks it
 * (weave/trace_server/feedback.py, interface/feedback_types.py): the type is
 * `wandb.runnable.<name>`; `runnable_ref` is an op or object ref whose name is `<name>`; a score
 * by an op also names the call that produced it (`call_ref`, a call ref); the payload has an
 * `output` (other keys are let through, as pydantic ignores them). *Local choice*: the refs must be
 * in the feedback's project, as `weave_ref` must.
 */
export function validateRunnable(request: FeedbackCreateRequest): void {
  const type = request.feedback_type;
  if (!type.startsWith(RUNNABLE_FEEDBACK_PREFIX) || type.length === RUNNABLE_FEEDBACK_PREFIX.length)
    refuse(`Invalid runnable feedback type '${echo(type)}': use ${RUNNABLE_FEEDBACK_PREFIX}<name>.`);
  const name = type.slice(RUNNABLE_FEEDBACK_PREFIX.length);
  if (!request.runnable_ref)
    return refuse("runnable_ref is required for runnable feedback: the ref of the op or object that scored.");
  const runnable = parseObjectRef(request.runnable_ref);
  if (!runnable)
    return refuse("runnable_ref must be an op or object ref: weave:///<entity>/<project>/op|object/<name>:<digest>.");
  if (`${runnable.entity}/${runnable.project}` !== request.project_id)
    refuse(`runnable_ref must be in the feedback's project '${echo(request.project_id)}'.`);
  if (runnable.name !== name)
    refuse(`runnable_ref names '${echo(runnable.name)}' but the feedback type names '${echo(name)}'.`);
  if (runnable.kind === "op" && !request.call_ref)
    refuse("call_ref is required for runnable feedback on ops: the ref of the call that scored.");
  if (request.call_ref) {
    const call = CALL_REF.exec(request.call_ref);
    if (!call) refuse("call_ref must be a call ref: weave:///<entity>/<project>/call/<id>.");
    else if (`${call[1]}/${call[2]}` !== request.project_id)
      refuse(`call_ref must be in the feedback's project '${echo(request.project_id)}'.`);
  }
  if (request.trigger_ref) {
    const trigger = parseObjectRef(request.trigger_ref);
    if (!trigger || trigger.kind !== "object")
      refuse("trigger_ref must be an object ref: weave:///<entity>/<project>/object/<name>:<digest>.");
  }
  if (!Object.hasOwn(request.payload, "output"))
    refuse(`payload.output is required for ${RUNNABLE_FEEDBACK_PREFIX}<name> feedback: the score, e.g. {"output": 4}.`);
}
