import { ApiError, fieldErrorsFor, isApiError, type FieldError } from "@/api/errors";
import { describeLocError, placeOfLoc, placeText } from "./trajectory-place";

/**
 * A refused job's complaints about its trajectory groups, their places numbered as the file check
 * and the previews number them (group 3, trajectory 2: from 1). The service's `loc` counts from 0
 * (upstream's: an index into the request) and stays as it is on the wire; only what is shown
 * changes.
 */

/** The first complaint about a group, e.g. "Group 3, trajectory 2: reward: Field required"; undefined when none names a group. */
export function serverTrajectoryMessage(error: unknown): string | undefined {
  const first = fieldErrorsFor(error, "trajectory_groups").find((field) => placeOfLoc(field.loc)?.group != null);
  return first ? describeLocError(first.loc, first.message) : undefined;
}

/**
 * The same error with every field error inside a group renamed ("group 3, trajectory 2 · reward"
 * for `trajectory_groups.2.trajectories.1.reward`), in its list and in its sentence, for a panel
 * that shows both.
 */
export function withPeopleNumbering(error: unknown): unknown {
  if (!isApiError(error)) return error;
  let message = error.message;
  let serviceMessage = error.serviceMessage;
  let changed = false;
  const fieldErrors = error.fieldErrors.map((field): FieldError => {
    const place = placeOfLoc(field.loc);
    if (!place || place.group === null) return field;
    const path = [placeText(place), place.field].filter(Boolean).join(" · ");
    const before = `${field.path}: ${field.message}`;
    const after = `${path}: ${field.message}`;
    message = message.replace(before, after);
    serviceMessage = serviceMessage?.replace(before, after);
    changed = true;
    return { ...field, path };
  });
  if (!changed) return error;
  return new ApiError({
    kind: error.kind,
    service: error.service,
    message,
    status: error.status,
    serviceMessage,
    fieldErrors,
    requestId: error.requestId,
    hint: error.hint,
    retryAfterMs: error.retryAfterMs,
    retryable: error.retryable,
    cause: error.cause,
  });
}
