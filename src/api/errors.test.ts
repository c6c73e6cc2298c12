import { describe, expect, it } from "vitest";
import { kindOfStatus } from "./classify";
import { parseErrorBody } from "./error-body";
import { ApiError, fieldErrorsFor, isApiError, type ApiErrorKind } from "./errors";
import { queryRetryDelay, shouldRetryQuery } from "./query-client";
import { createRedactor } from "./redact";

const retryable = (kind: ApiErrorKind, status?: number) =>
  new ApiError({ kind, service: "trace", message: "m", status }).retryable;
const errorOf = (kind: ApiErrorKind, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind, service: "training", message: "m", ...extra });

describe("parseErrorBody", () => {
  it("reads FastAPI's detail[] into field errors with paths inside the body", () => {
    const body = parseErrorBody(
      JSON.stringify({
        detail: [
          { loc: ["body", "sort_by", 0, "direction"], msg: "Input should be 'asc' or 'desc'", type: "enum" },
          { loc: ["query", "limit"], msg: "Input should be less than or equal to 100", type: "less_than_equal" },
          { loc: ["project_id"], msg: "Field required", type: "missing" },
          { not: "an entry" },
        ],
      }),
    );
    expect(body.fieldErrors).toEqual([
      {
        loc: ["body", "sort_by", 0, "direction"],
        path: "sort_by.0.direction",
        message: "Input should be 'asc' or 'desc'",
        type: "enum",
      },
      {
        loc: ["query", "limit"],
        path: "limit",
        message: "Input should be less than or equal to 100",
        type: "less_than_equal",
      },
      { loc: ["project_id"], path: "project_id", message: "Field required", type: "missing" },
    ]);
    expect(body.serviceMessage).toBe(
      "sort_by.0.direction: Input should be 'asc' or 'desc'; limit: Input should be less than or equal to 100; project_id: Field required",
    );
  });

  it.each([
    ['{"detail":"Model not found."}', "Model not found."],
    ['{"reason":"Queue abc not found"}', "Queue abc not found"],
    ['{"error":{"message":"Quota exceeded","type":"insufficient_quota","code":null}}', "Quota exceeded"],
    ['{"error":"plain string error"}', "plain string error"],
    ['{"message":"gateway said no"}', "gateway said no"],
    ['{"detail":{"message":"nested"}}', "nested"],
    ["upstream connect error", "upstream connect error"],
    ["<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>", "502 Bad Gateway"],
    ["<p>no <b>title</b> here</p>", "no title here"],
  ])("reads %s", (text, message) => {
    expect(parseErrorBody(text).serviceMessage).toBe(message);
  });

  it("has no message for an empty body or JSON without one, and keeps a request id", () => {
    expect(parseErrorBody("")).toEqual({ fieldErrors: [] });
    expect(parseErrorBody("[1,2]")).toEqual({ fieldErrors: [] });
    expect(parseErrorBody('{"detail":"x","request_id":"req-1"}').requestId).toBe("req-1");
  });

  it("shortens a long text body", () => {
    const message = parseErrorBody("x".repeat(1000)).serviceMessage ?? "";
    expect(message.length).toBeLessThanOrEqual(301);
  });
});

describe("classification", () => {
  it.each<[number, ApiErrorKind]>([
    [400, "bad_request"],
    [401, "unauthorized"],
    [402, "quota"],
    [403, "forbidden"],
    [404, "not_found"],
    [405, "bad_request"],
    [409, "conflict"],
    [413, "payload_too_large"],
    [422, "validation"],
    [429, "rate_limited"],
    [500, "server"],
    [502, "server"],
    [503, "server"],
  ])("status %i is %s", (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });

  it("marks only transport faults, 429 and 5xx as retryable", () => {
    expect(retryable("network")).toBe(true);
    expect(retryable("timeout")).toBe(true);
    expect(retryable("rate_limited", 429)).toBe(true);
    expect(retryable("server", 503)).toBe(true);
    expect(retryable("server", 501)).toBe(false);
    for (const kind of [
      "aborted",
      "unauthorized",
      "forbidden",
      "not_found",
      "conflict",
      "bad_request",
      "validation",
      "payload_too_large",
      "quota",
      "invalid_response",
      "not_configured",
    ] as const) {
      expect(retryable(kind)).toBe(false);
    }
  });
});

describe("fieldErrorsFor and isApiError", () => {
  const error = new ApiError({
    kind: "validation",
    service: "trace",
    message: "m",
    fieldErrors: [
      { loc: ["body", "sort_by", 0, "direction"], path: "sort_by.0.direction", message: "bad direction", type: "enum" },
      { loc: ["body", "sort_by_x"], path: "sort_by_x", message: "other", type: "extra_forbidden" },
      { loc: ["body", "limit"], path: "limit", message: "too big", type: "less_than_equal" },
    ],
  });

  it("returns the errors at a path and below it, not at look-alike paths", () => {
    expect(fieldErrorsFor(error, "sort_by").map((f) => f.message)).toEqual(["bad direction"]);
    expect(fieldErrorsFor(error, "sort_by.0.direction").map((f) => f.message)).toEqual(["bad direction"]);
    expect(fieldErrorsFor(error, "limit").map((f) => f.message)).toEqual(["too big"]);
    expect(fieldErrorsFor(error, "offset")).toEqual([]);
  });

  it("ignores anything that is not an ApiError", () => {
    expect(fieldErrorsFor(new Error("x"), "limit")).toEqual([]);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
  });
});

describe("createRedactor", () => {
  it("masks every secret, longest first", () => {
    const redact = createRedactor(["abc", "Bearer abc", ""]);
    expect(redact("header Bearer abc and abc again")).toBe("header [redacted] and [redacted] again");
    expect(createRedactor([])("abc")).toBe("abc");
  });
});

describe("query retry policy", () => {
  it("retries transient failures up to three times and nothing else", () => {
    for (const kind of ["network", "timeout", "rate_limited", "server"] as const) {
      expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, errorOf(kind)))).toEqual([true, true, true, false]);
    }
    for (const kind of [
      "unauthorized",
      "forbidden",
      "not_found",
      "validation",
      "bad_request",
      "not_configured",
      "invalid_response",
      "aborted",
    ] as const) {
      expect(shouldRetryQuery(0, errorOf(kind))).toBe(false);
    }
    expect(shouldRetryQuery(0, new TypeError("a bug, not a service failure"))).toBe(false);
  });

  it("backs off exponentially, or as long as a 429 asked", () => {
    expect([0, 1, 2, 10].map((n) => queryRetryDelay(n, errorOf("server")))).toEqual([1000, 2000, 4000, 30_000]);
    expect(queryRetryDelay(0, errorOf("rate_limited", { retryAfterMs: 7000 }))).toBe(7000);
  });
});
