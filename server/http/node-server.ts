import { serve, type Http2Bindings, type HttpBindings, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { AppEnv } from "./env";
import { capConnectionsPerClient } from "./connection-cap";
import { API_HEADERS } from "../security-headers";
import { errorBody, type ErrorStyle } from "./errors";
import { closeAfterFlushing, discardBodyOnceAnswered } from "./lingering-close";

export type ListenOptions = {
  hostname: string;
  port: number;
  /** The body limit of a request to `path` (undefined: none), so `Expect: 100-continue` can be refused before the body is sent. */
  bodyLimitOf?: (path: string) => number | undefined;
  /**
   * Longest a request may take to arrive, headers and body (REQUEST_TIMEOUT_MS): Node then answers
   * 408 and closes the connection. A client sending one byte every few seconds otherwise holds its
   * connection, and the upload slot its request took, for as long as it likes.
   */
  requestTimeoutMs?: number;
  /** Most connections open at once from one client address (MAX_CONNECTIONS_PER_CLIENT). */
  maxConnectionsPerClient?: number;
  /** The error style of the service at `path`, for refusals made before the app sees a request. */
  errorStyleOf?: (path: string) => ErrorStyle;
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 128;

/**
 * The local services' Node HTTP server for a Hono app: what `npm start` serves and what the
 * server's connection tests start on port 0. Listening resolves with the server.
 */
export async function listen(app: Hono<AppEnv>, options: ListenOptions): Promise<ServerType> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const maxConnections = options.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT;
  // Set once the server exists; no request arrives before then.
  let beyondCap: ((socket: Socket) => boolean) | undefined;
  const fetch = (request: Request, env: HttpBindings | Http2Bindings) =>
    beyondCap?.(env.incoming.socket as Socket)
      ? tooManyConnections(request, maxConnections, options.errorStyleOf)
      : app.fetch(request, env);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch,
        hostname: options.hostname,
        port: options.port,
        // Node looks for overdue requests every connectionsCheckingInterval (30 s by default): a
        // tenth of the timeout keeps the real cut within 10 % of it.
        serverOptions: { requestTimeout, connectionsCheckingInterval: Math.max(100, Math.round(requestTimeout / 10)) },
      },
      () => resolve(s),
    );
    s.once("error", reject);
  });
  // Idle keep-alive connections are closed after 65 s rather than Node's 5 s: a client reusing a
  // connection just as the server closed it got ECONNRESET (an e2e run hit it). 65 s outlasts the
  // usual client and proxy idle times (60 s), so the client closes first. Node counts the headers
  // timeout from a request's first byte, not from the idle time before it, so it need not exceed
  // the keep-alive time; it may not exceed the request timeout.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = Math.min(66_000, requestTimeout);
  }
  const http = server as Server;
  beyondCap = capConnectionsPerClient(http, maxConnections);
  // Node closes a connection whose answer says `Connection: close` (a refused body's does) as soon
  // as the answer is written. A client still sending the body then gets a reset, often before it
  // has read the answer (EPIPE instead of the 413): close only after the client stops sending.
  http.on("connection", (socket: Socket) => {
    socket.destroySoon = () => closeAfterFlushing(socket);
  });
  http.on("request", discardBodyOnceAnswered);
  http.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    // A client that asks before sending its body is told the refusal instead of "100 Continue":
    // the app refuses by Content-Length without reading, and the body is never sent.
    if (!overLimit(request, options.bodyLimitOf)) response.writeContinue();
    http.emit("request", request, response);
  });
  return server;
}

function overLimit(request: IncomingMessage, bodyLimitOf: ListenOptions["bodyLimitOf"]): boolean {
  const declared = Number(request.headers["content-length"]);
  if (!bodyLimitOf || !Number.isFinite(declared) || request.headers["transfer-encoding"]) return false;
  const limit = bodyLimitOf(new URL(request.url ?? "/", "http://localhost").pathname);
  return limit !== undefined && declared > limit;
}

/** The answer on a connection beyond the client's cap: a 429 that closes it (the client may retry on another). */
function tooManyConnections(request: Request, limit: number, errorStyleOf: ListenOptions["errorStyleOf"]): Response {
  const message = `Too many connections from one client: at most ${limit} at a time. Retry on a connection already open.`;
  const style = errorStyleOf?.(new URL(request.url).pathname) ?? "detail";
  return Response.json(errorBody(style, message, "rate_limit_exceeded", 429), {
    status: 429,
    headers: { ...API_HEADERS, Connection: "close", "Retry-After": "1" },
  });
}
