import * as z from "zod/mini";
import { describeResponseIssues } from "@/lib/zod-issues";
import { errorFromResponse, errorFromShape, errorFromTransport, notConfiguredError } from "./classify";
import type { ServiceName } from "./connection";
import { parseErrorBody } from "./error-body";
import { SERVICE_NOUNS } from "./error-messages";
import { ApiError } from "./errors";
import { Deadline } from "./deadline";
import { ResponseFormatError } from "./response-format-error";
import { collectNdjson } from "./ndjson";
import { takePreloadedResponse } from "./preloaded-responses";
import { createRedactor, type Redact } from "./redact";
import { parseSse } from "./sse";
import { buildUrl, usableBaseUrl, type QueryParams } from "./url";

/** Thirty seconds: long enough for a slow page of a big queue, short enough to notice an outage. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What every public client method takes as its last argument. */
export type CallOptions = {
  /** Cancels the call (React Query passes one per query). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call; 0 for none. */
  timeoutMs?: number;
  /**
   * A small write the page must not take with it: the browser finishes it even when the page is left or closed
   * right after (fetch's `keepalive`). Browsers refuse such requests once their bodies in flight pass 64 KiB
   * together, so a body over KEEPALIVE_BODY_BYTES is sent as any other.
   */
  keepalive?: boolean;
};

/** The largest body sent with `keepalive`: well under the browsers' 64 KiB for all of a page's such requests at once. */
export const KEEPALIVE_BODY_BYTES = 8 * 1024;

export type HttpClientConfig = {
  service: ServiceName;
  /** As configured: absolute ("https://trace.wandb.ai") or origin-relative ("/api/trace"). */
  baseUrl: string;
  /** "" when none is set: calls that need auth then fail with "not_configured" before any fetch. */
  apiKey: string;
  /** The service's header form of the key, e.g. Bearer. Only this module ever sees the key. */
  authHeaders: (apiKey: string) => Record<string, string>;
  /** Sent with every call, e.g. the inference service's OpenAI-Project. */
  extraHeaders?: Record<string, string>;
  /** Injected by tests (the in-process local services); the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type RequestSpec = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Below the base URL; path parameters already encoded with `segment()`. */
  path: string;
  query?: QueryParams;
  /** Sent as JSON when present (also for DELETE). */
  body?: unknown;
  /** false for the few endpoints that take no key (health). */
  auth?: boolean;
  options?: CallOptions;
};

export type HttpClient = ReturnType<typeof createHttpClient>;

/**
 * The one place that calls fetch. It joins URLs, sets the auth and JSON headers, applies the
 * timeout and the caller's signal, and turns every failure into an ApiError: HTTP errors by
 * status and body, transport faults by cause, and responses that break the contract (checked
 * with the contract's zod schemas) into "invalid_response". The key goes only into headers.
 */
export function createHttpClient(config: HttpClientConfig) {
  const { service } = config;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headerValues = config.apiKey ? Object.values(config.authHeaders(config.apiKey)) : [];
  const redact: Redact = createRedactor([
    config.apiKey,
    ...headerValues,
    ...headerValues.map((v) => v.replace(/^\S+\s+/, "")),
  ]);
  const baseUrl = usableBaseUrl(config.baseUrl);

  /** Sends the request; resolves with the response whatever its status. */
  async function open(spec: RequestSpec, accept: string, deadline: Deadline): Promise<Response> {
    if (!config.baseUrl.trim() || baseUrl === undefined) {
      throw notConfiguredError(
        service,
        `No valid address is set for the ${SERVICE_NOUNS[service]}: set it in Settings.`,
      );
    }
    const needsAuth = spec.auth !== false;
    if (needsAuth && !config.apiKey) {
      throw notConfiguredError(service, `No API key is set for the ${SERVICE_NOUNS[service]}: add one in Settings.`);
    }
    const headers = buildHeaders(accept, needsAuth, spec.body !== undefined);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const init: RequestInit = {
      method: spec.method,
      headers,
      body,
      signal: deadline.signal,
    };
    if (spec.options?.keepalive && new TextEncoder().encode(body ?? "").length <= KEEPALIVE_BODY_BYTES)
      init.keepalive = true;
    // Resolved per call, so the global fetch is used unbound (browsers reject a detached `this`).
    const doFetch =
      config.fetch ?? ((input: RequestInfo | URL, requestInit?: RequestInit) => globalThis.fetch(input, requestInit));
    const url = buildUrl(baseUrl, spec.path, spec.query);
    // The first page's data may be on its way already (boot.ts): the same read is not sent twice.
    const isRead = (spec.method === "GET" && body === undefined) || (spec.method === "POST" && body !== undefined);
    const preloaded = isRead && !config.fetch ? takePreloadedResponse(url, headers, body) : undefined;
    try {
      return await deadline.race(preloaded ?? doFetch(url, init));
    } catch (error) {
      throw errorFromTransport(service, deadline.fault(error));
    }
  }

  function buildHeaders(accept: string, withAuth: boolean, withBody: boolean): Headers {
    try {
      const headers = new Headers({ Accept: accept, ...config.extraHeaders });
      if (withAuth)
        for (const [name, value] of Object.entries(config.authHeaders(config.apiKey))) headers.set(name, value);
      if (withBody) headers.set("Content-Type", "application/json");
      return headers;
    } catch {
      // The browser refuses header values with line breaks or non-Latin-1 characters. Its error
      // quotes the value, which may be the key, so it is not passed on.
      throw notConfiguredError(
        service,
        `The API key or project for the ${SERVICE_NOUNS[service]} contains characters that cannot be sent in a header: check Settings.`,
      );
    }
  }

  async function readText(response: Response, deadline: Deadline): Promise<string> {
    try {
      return await deadline.race(response.text());
    } catch (error) {
      throw errorFromTransport(service, deadline.fault(error));
    }
  }

  async function failureOf(response: Response, deadline: Deadline): Promise<ApiError> {
    return errorFromResponse(service, response, await readText(response, deadline), redact);
  }

  function parseJson<S extends z.core.$ZodType>(text: string, schema: S, response: Response): z.output<S> {
    const extra = { status: response.status, requestId: response.headers.get("x-request-id") ?? undefined };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const type = response.headers.get("content-type") ?? "no content type";
      // A web page where JSON was expected usually means the address is the dashboard's host, not the service.
      const hint = type.includes("html")
        ? "The address may point to a web page rather than the service: check it in Settings."
        : undefined;
      throw errorFromShape(service, `the body is not JSON (${type})`, redact, { ...extra, hint, cause: error });
    }
    const parsed = z.safeParse(schema, value, { reportInput: true });
    if (!parsed.success)
      throw errorFromShape(service, describeResponseIssues(parsed.error.issues), redact, {
        ...extra,
        cause: parsed.error,
      });
    return parsed.data;
  }

  /** Any error raised while a body is read: an ApiError as is, a format error, or a transport fault. */
  function duringRead(error: unknown, deadline: Deadline, response: Response): ApiError {
    if (error instanceof ApiError) return error;
    if (error instanceof ResponseFormatError) {
      return errorFromShape(service, error.message, redact, { status: response.status, cause: error });
    }
    return errorFromTransport(service, deadline.fault(error));
  }

  /**
   * A JSON response checked against `schema`. For the listed error statuses a body that matches
   * the schema is returned with its status instead of thrown (the system check's 503 still
   * carries the checks).
   */
  async function jsonAllowing<S extends z.core.$ZodType>(
    spec: RequestSpec,
    schema: S,
    statuses: readonly number[],
  ): Promise<{ status: number; data: z.output<S> }> {
    const deadline = new Deadline(spec.options?.signal, spec.options?.timeoutMs ?? timeoutMs);
    try {
      const response = await open(spec, "application/json", deadline);
      const text = await readText(response, deadline);
      if (response.ok) return { status: response.status, data: parseJson(text, schema, response) };
      if (statuses.includes(response.status)) {
        const data = asAllowedErrorBody(text, schema);
        if (data !== undefined) return { status: response.status, data };
      }
      throw errorFromResponse(service, response, text, redact);
    } finally {
      deadline.dispose();
    }
  }

  /** A JSON response checked against `schema`. */
  async function json<S extends z.core.$ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>> {
    return (await jsonAllowing(spec, schema, [])).data;
  }

  /** An NDJSON response, every line checked against `schema`, collected within the timeout. */
  async function ndjson<S extends z.core.$ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>[]> {
    const deadline = new Deadline(spec.options?.signal, spec.options?.timeoutMs ?? timeoutMs);
    try {
      const response = await open(spec, "application/x-ndjson, application/jsonl, application/json", deadline);
      if (!response.ok) throw await failureOf(response, deadline);
      if (!response.body) return [];
      try {
        return await deadline.race(collectNdjson(response.body, schema, { signal: deadline.signal }));
      } catch (error) {
        throw duringRead(error, deadline, response);
      }
    } finally {
      deadline.dispose();
    }
  }

  /**
   * A text/event-stream response as an async iterable of values checked against `schema`,
   * ending at `data: [DONE]`. The request starts on the first iteration. The timeout counts
   * until the headers arrive and then between events (a stream may run for minutes while
   * tokens keep coming). An error object sent inside the stream is thrown as an ApiError.
   */
  async function* eventStream<S extends z.core.$ZodType>(spec: RequestSpec, schema: S): AsyncGenerator<z.output<S>> {
    const deadline = new Deadline(spec.options?.signal, spec.options?.timeoutMs ?? timeoutMs);
    try {
      const response = await open(spec, "text/event-stream", deadline);
      if (!response.ok) throw await failureOf(response, deadline);
      if (!response.body) return;
      const events = parseSse(response.body, { signal: deadline.signal });
      try {
        for (;;) {
          deadline.restart();
          const next = await events.next();
          deadline.pause();
          if (next.done) return;
          yield decodeEvent(next.value, schema, response);
        }
      } catch (error) {
        throw duringRead(error, deadline, response);
      } finally {
        // Leaving early (break, error) cancels the body so the service stops generating.
        await events.return(undefined);
      }
    } finally {
      deadline.dispose();
    }
  }

  function decodeEvent<S extends z.core.$ZodType>(data: string, schema: S, response: Response): z.output<S> {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch (error) {
      throw new ResponseFormatError(`an event's data is not JSON`, { cause: error });
    }
    const parsed = z.safeParse(schema, value, { reportInput: true });
    if (parsed.success) return parsed.data;
    // OpenAI-compatible services report a failure mid-stream as `data: {"error": {...}}`.
    if (typeof value === "object" && value !== null && "error" in value) {
      const body = parseErrorBody(data);
      const serviceMessage = body.serviceMessage === undefined ? undefined : redact(body.serviceMessage);
      throw new ApiError({
        kind: "server",
        service,
        status: response.status,
        serviceMessage,
        message: `The ${SERVICE_NOUNS[service]} stopped the stream with an error${serviceMessage ? `: ${serviceMessage}` : "."}`,
        requestId: response.headers.get("x-request-id") ?? body.requestId,
      });
    }
    throw new ResponseFormatError(describeResponseIssues(parsed.error.issues), { cause: parsed.error });
  }

  return {
    service,
    /** The resolved base URL ("" when invalid), for cache keys. */
    baseUrl: baseUrl ?? "",
    json,
    jsonAllowing,
    ndjson,
    eventStream,
    /** Removes the key from text that came from the service (for errors a client builds itself). */
    redact,
  };
}

/** The body of an allowed error status when it matches the schema and is not a plain error body. */
function asAllowedErrorBody<S extends z.core.$ZodType>(text: string, schema: S): z.output<S> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const isErrorBody =
    typeof value === "object" && value !== null && ["detail", "reason", "error"].some((k) => k in value);
  if (isErrorBody) return undefined;
  const parsed = z.safeParse(schema, value, { reportInput: true });
  return parsed.success ? parsed.data : undefined;
}
