import type { ServiceName } from "./connection";

/**
 * Every failure of a call to a service, classified so that a page can decide what to show
 * (which message, which field to mark, whether a retry can help) without knowing HTTP.
 * How a status or a transport fault becomes a kind: classify.ts; the README has the table.
 */
export type ApiErrorKind =
  | "network"
  | "timeout"
  | "aborted"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "bad_request"
  | "validation"
  | "payload_too_large"
  | "quota"
  | "rate_limited"
  | "server"
  | "invalid_response"
  | "not_configured";

/** One field a service rejected (FastAPI's `detail[]` entry), ready to show next to its input. */
export type FieldError = {
  /** As sent by the service, e.g. ["body", "sort_by", 0, "direction"]. */
  loc: (string | number)[];
  /** Dotted path without the leading "body" / "query" / "path", e.g. "sort_by.0.direction". */
  path: string;
  message: string;
  type: string;
};

export type ApiErrorInit = {
  kind: ApiErrorKind;
  service: ServiceName;
  message: string;
  status?: number;
  serviceMessage?: string;
  fieldErrors?: FieldError[];
  requestId?: string;
  hint?: string;
  /** From a 429's Retry-After header, so the retry waits as long as the service asked. */
  retryAfterMs?: number;
  /** Overrides what the kind implies: a failure that trying again cannot mend is not retried. */
  retryable?: boolean;
  cause?: unknown;
};

// Transport faults and overload can pass on their own; every other 4xx means the request must change.
const RETRYABLE_KINDS: ReadonlySet<ApiErrorKind> = new Set(["network", "timeout", "rate_limited", "server"]);

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly service: ServiceName;
  readonly status?: number;
  readonly serviceMessage?: string;
  readonly fieldErrors: FieldError[];
  readonly retryable: boolean;
  readonly requestId?: string;
  readonly hint?: string;
  readonly retryAfterMs?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.kind = init.kind;
    this.service = init.service;
    this.status = init.status;
    this.serviceMessage = init.serviceMessage;
    this.fieldErrors = init.fieldErrors ?? [];
    // A 5xx that is really "not implemented" will not start working on a retry either.
    this.retryable = init.retryable ?? (RETRYABLE_KINDS.has(init.kind) && init.status !== 501);
    this.requestId = init.requestId;
    this.hint = init.hint;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The field errors for one input: those at `path` and below it ("sort_by" also returns
 * "sort_by.0.direction"), so a form can mark a whole group. Empty for anything but an ApiError.
 */
export function fieldErrorsFor(error: unknown, path: string): FieldError[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.filter((f) => f.path === path || f.path.startsWith(`${path}.`));
}
