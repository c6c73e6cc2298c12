import { isCancelledError } from "@tanstack/react-query";
import { isApiError } from "@/api/errors";
import type { AnswerNotStored } from "./answer-not-stored";

/** What a failed save means: try again later (the service was not reached, or not able), or a refusal to show. */
export type Verdict = { retryInMs: number; reason: string } | { refused: string };

/**
 * Upstream answers some refusals with a 500 (a spec whose schema it cannot read:
 * docs/contract-decisions.md#upstream-errors), so a 500 is tried this many times before it is shown
 * as a refusal. Other 5xx,
 * a lost connection, a timeout and a 429 are "not yet" for as long as they last.
 */
const SERVER_ERROR_TRIES = 3;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s… up to 30 s after the `failures`-th failure in a row. */
export const retryDelay = (failures: number) => Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_DELAY_MS);

/** Judges the `failures`-th failure in a row of one answer's save. */
export function judgeFailure(failure: AnswerNotStored, failures: number): Verdict {
  const error = failure.error;
  // The read it waited for was cancelled again and again (the review moving on): nothing refused it.
  if (isCancelledError(error)) return { retryInMs: retryDelay(failures), reason: "the save was interrupted" };
  if (failure.identityUnknown)
    return {
      retryInMs: retryDelay(failures),
      reason: "your earlier answer stands, and who you are to the service is not known yet",
    };
  if (!isApiError(error)) return { refused: failure.message };
  switch (error.kind) {
    case "network":
    case "timeout":
    case "aborted":
      return { retryInMs: retryDelay(failures), reason: error.message };
    case "rate_limited":
      return {
        retryInMs: Math.min(error.retryAfterMs ?? retryDelay(failures), 2 * MAX_DELAY_MS),
        reason: error.message,
      };
    case "server":
      if (error.status === 501 || (error.status === 500 && failures >= SERVER_ERROR_TRIES))
        return { refused: error.message };
      return { retryInMs: retryDelay(failures), reason: error.message };
    default:
      return { refused: refusalReason(error, failure.replacing) };
  }
}

/**
 * Why an answer was not saved, in the annotator's terms. A replace finds its row gone when someone
 * else changed the same shared answer a moment before (the service says "not found").
 */
function refusalReason(error: Error & { status?: number }, replacing: boolean): string {
  if (replacing && error.status === 404)
    return "someone else changed this answer at the same moment. Retry puts yours in its place";
  return error.message;
}
