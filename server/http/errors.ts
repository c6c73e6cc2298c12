import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ValidationErrorEntry } from "../../contract/errors";
import type { AppEnv } from "./env";

/**
 * How a service words an error that is not a validation error. Each local service answers in the
 * shape its real counterpart uses (contract-decisions.md, "Error bodies").
 */
export type ErrorStyle = "reason" | "detail" | "openai";

/** An expected failure with a status and a message meant for the user. */
export class ServiceError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

/** A request that failed validation: answered as 422 `{"detail": [...]}` by every service. */
export class RequestValidationError extends Error {
  constructor(readonly detail: ValidationErrorEntry[]) {
    super("request validation failed");
    this.name = "RequestValidationError";
  }
}

export function errorBody(style: ErrorStyle, message: string, code?: string): Record<string, unknown> {
  switch (style) {
    case "reason":
      return { reason: message };
    case "detail":
      return { detail: message };
    case "openai":
      return { error: { message, type: code ?? "invalid_request_error", code: code ?? null } };
  }
}

/** The error handler of one service: known errors in its style, anything else a logged 500. */
export function serviceErrorHandler(style: ErrorStyle) {
  return (err: Error, c: Context<AppEnv>) => {
    if (err instanceof RequestValidationError) return c.json({ detail: err.detail }, 422);
    if (err instanceof ServiceError) return c.json(errorBody(style, err.message, err.code), err.status);
    // Hono's own HTTPException (for example from the body-limit middleware) carries a response.
    if ("getResponse" in err && typeof err.getResponse === "function") return err.getResponse() as Response;
    const requestId = c.get("requestId");
    console.error(`[${requestId}] unexpected error on ${c.req.method} ${c.req.path}:`, err);
    return c.json({ ...errorBody(style, `Internal server error (request id ${requestId})`, "internal_error"), request_id: requestId }, 500);
  };
}
