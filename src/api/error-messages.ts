import type { ServiceName } from "./connection";
import type { ApiErrorKind } from "./errors";

/** How a sentence names each service ("The training service …"). */
export const SERVICE_NOUNS: Record<ServiceName, string> = {
  trace: "annotation queue service",
  training: "training service",
  inference: "inference service",
  wandb: "W&B API",
};

/** Shown with every "could not reach" error: the README explains the fix for a blocked call. */
export const UNREACHABLE_HINT =
  "The service may be down or its address wrong, or the browser blocked a cross-origin request (CORS). " +
  'If the service is up, serve the dashboard and the services under one origin: see "Same-origin proxy" in the README.';

type MessageInput = {
  kind: ApiErrorKind;
  service: ServiceName;
  status?: number;
  /** The service's own reason, or for invalid_response what did not match. Already redacted. */
  reason?: string;
  timeoutMs?: number;
};

/**
 * The user-facing sentence for an error. It names the service and the status, and appends the
 * service's own reason where the reason says what to change (the reason is already redacted).
 */
export function describeError({ kind, service, status, reason, timeoutMs }: MessageInput): string {
  const the = `The ${SERVICE_NOUNS[service]}`;
  const code = status === undefined ? "" : ` (${status})`;
  const withReason = (sentence: string) => (reason ? `${sentence}${code}: ${reason}` : `${sentence}${code}.`);
  switch (kind) {
    case "network":
      return `Could not reach the ${SERVICE_NOUNS[service]}.`;
    case "timeout":
      return `${the} did not answer within ${formatSeconds(timeoutMs)}.`;
    case "aborted":
      return `The request to the ${SERVICE_NOUNS[service]} was cancelled.`;
    case "not_configured":
      return reason ?? `The ${SERVICE_NOUNS[service]} is not configured: add an API key in Settings.`;
    case "unauthorized":
      return `${the} rejected the API key${code}.`;
    case "forbidden":
      return withReason(`${the} denied access`);
    case "not_found":
      return withReason(`${the} could not find what was asked for`);
    case "conflict":
      return withReason(`${the} reported a conflict`);
    case "bad_request":
      return withReason(`${the} refused the request`);
    case "validation":
      return withReason(`${the} rejected some fields of the request`);
    case "payload_too_large":
      return withReason(`${the} refused the request because it is too large`);
    case "quota":
      return withReason(`${the} reports that the account's quota or credit is used up`);
    case "rate_limited":
      return withReason(`${the} is limiting requests; try again shortly`);
    case "server":
      return withReason(`${the} failed to handle the request`);
    case "invalid_response":
      return `${the} sent an unexpected response: ${reason ?? "it could not be read"}`;
  }
}

function formatSeconds(ms: number | undefined): string {
  if (ms === undefined) return "the time allowed";
  const seconds = ms / 1000;
  return seconds >= 1 ? `${Number(seconds.toFixed(1))} seconds` : `${ms} ms`;
}
