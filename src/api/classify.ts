import type { ServiceName } from "./connection";
import { parseErrorBody } from "./error-body";
import { describeError, UNREACHABLE_HINT } from "./error-messages";
import { ApiError, type ApiErrorKind } from "./errors";
import type { Redact } from "./redact";

/** Which kind an HTTP error status is. Anything unlisted in 4xx is a plain bad request. */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status >= 500) return "server";
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 402:
      return "quota";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 422:
      return "validation";
    case 429:
      return "rate_limited";
    default:
      return status >= 400 ? "bad_request" : "invalid_response";
  }
}

/** An ApiError for a response whose status is not a success; `bodyText` is its body as read. */
export function errorFromResponse(
  service: ServiceName,
  response: Response,
  bodyText: string,
  redact: Redact,
): ApiError {
  const status = response.status;
  const kind = kindOfStatus(status);
  const body = parseErrorBody(bodyText);
  const serviceMessage = body.serviceMessage === undefined ? undefined : redact(body.serviceMessage);
  // Every part that came from the service is redacted: a `loc` may name the header it rejected.
  const fieldErrors = body.fieldErrors.map((f) => ({
    loc: f.loc.map((part) => (typeof part === "string" ? redact(part) : part)),
    path: redact(f.path),
    message: redact(f.message),
    type: redact(f.type),
  }));
  return new ApiError({
    kind,
    service,
    status,
    serviceMessage,
    fieldErrors,
    message: describeError({ kind, service, status, reason: serviceMessage }),
    requestId: redact(response.headers.get("x-request-id") ?? body.requestId ?? "") || undefined,
    retryAfterMs: kind === "rate_limited" ? retryAfterMs(response.headers.get("retry-after")) : undefined,
    hint: hintFor(kind),
  });
}

/** Why a fetch (or reading its body) threw: the deadline, the caller, or the network. */
export type TransportFault = { cause: unknown; timedOut: boolean; callerAborted: boolean; timeoutMs: number };

export function errorFromTransport(service: ServiceName, fault: TransportFault): ApiError {
  // The deadline is checked first: it fires through the same AbortController as the caller's signal.
  const kind: ApiErrorKind = fault.timedOut ? "timeout" : fault.callerAborted ? "aborted" : "network";
  return new ApiError({
    kind,
    service,
    message: describeError({ kind, service, timeoutMs: fault.timeoutMs }),
    hint: hintFor(kind),
    // The fetch error itself says nothing a user can act on, but it helps in the console.
    cause: fault.cause,
  });
}

/** A response that arrived but is not what the contract promises. */
export function errorFromShape(
  service: ServiceName,
  detail: string,
  redact: Redact,
  extra: { status?: number; requestId?: string; hint?: string; cause?: unknown } = {},
): ApiError {
  const reason = redact(detail);
  return new ApiError({
    kind: "invalid_response",
    service,
    message: describeError({ kind: "invalid_response", service, reason }),
    ...extra,
  });
}

export function notConfiguredError(service: ServiceName, what: string): ApiError {
  return new ApiError({
    kind: "not_configured",
    service,
    message: describeError({ kind: "not_configured", service, reason: what }),
  });
}

function hintFor(kind: ApiErrorKind): string | undefined {
  switch (kind) {
    case "network":
    case "timeout":
      return UNREACHABLE_HINT;
    case "unauthorized":
      return "Check the API key in Settings: it may be mistyped, revoked, or for another deployment.";
    case "forbidden":
      return "The key is valid but its user may not access this project or entity.";
    default:
      return undefined;
  }
}

/** Retry-After is seconds or an HTTP date; an unreadable value is ignored. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
