import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ValidationErrorEntry } from "../../contract/errors";
import { isClientGone } from "./client-gone";
import type { AppEnv } from "./env";

/**
 * How a service words an error that is not a validation error. Each local service answers in the
 * shape its real counterpart uses (docs/contract-decisions.md#error-bodies).
 */
export type ErrorStyle = "reason" | "detail" | "openai";

/** An expected failure with a status and a message meant for the user. */
export class ServiceError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string,
    /** The request field at fault, for OpenAI-style errors (`param`), e.g. "messages". */
    readonly param?: string,
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

/**
 * The body of an error in a service's style. OpenAI-style errors carry a coarse `type`
 * (`invalid_request_error` for a 4xx, `server_error` for a 5xx) and the specific reason in `code`.
 */
export function errorBody(
  style: ErrorStyle,
  message: string,
  code?: string,
  status = 400,
  param?: string,
): Record<string, unknown> {
  switch (style) {
    case "reason":
      return { reason: message };
    case "detail":
      return { detail: message };
    case "openai":
      return {
        error: {
          message,
          type: openAiErrorType(status),
          code: code ?? null,
          ...(param === undefined ? {} : { param }),
        },
      };
  }
}

function openAiErrorType(status: number): string {
  return status >= 500 ? "server_error" : "invalid_request_error";
}

/** Which style answers a path of the one local origin: each service's own, `detail` elsewhere. */
export function errorStyleForPath(
  path: string,
  paths: { trace: string; training: string; inference: string },
): ErrorStyle {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under(paths.trace)) return "reason";
  if (under(paths.inference)) return "openai";
  return "detail";
}

/** The error handler of one service: known errors in its style, anything else a logged 500. */
export function serviceErrorHandler(style: ErrorStyle) {
  return (err: Error, c: Context<AppEnv>) => {
    if (err instanceof RequestValidationError) return c.json({ detail: err.detail }, 422);
    if (err instanceof ServiceError)
      return c.json(errorBody(style, err.message, err.code, err.status, err.param), err.status);
    // Hono's own HTTPException (for example from the body-limit middleware) carries a response.
    if ("getResponse" in err && typeof err.getResponse === "function") return err.getResponse() as Response;
    const requestId = c.get("requestId");
    if (isClientGone(err, c)) {
      console.info(`[${requestId}] the client went away during ${c.req.method} ${c.req.path.slice(0, 200)}`);
      // Nobody reads this answer; it only ends the handler.
      return c.json(errorBody(style, "The client closed the connection.", "client_closed_request", 400), 400);
    }
    console.error(`[${requestId}] unexpected error on ${c.req.method} ${c.req.path}:`, err);
    return c.json(
      {
        ...errorBody(style, `Internal server error (request id ${requestId})`, "internal_error", 500),
        request_id: requestId,
      },
      500,
    );
  };
}
