import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { AppEnv } from "./env";
import { closeAfterFlushing } from "./lingering-close";

export type ListenOptions = {
  hostname: string;
  port: number;
  /** The body limit of a request to `path` (undefined: none), so `Expect: 100-continue` can be refused before the body is sent. */
  bodyLimitOf?: (path: string) => number | undefined;
};

/**
 * The local services' Node HTTP server for a Hono app: what `npm start` serves and what the
 * server's connection tests start on port 0. Listening resolves with the server.
 */
export async function listen(app: Hono<AppEnv>, options: ListenOptions): Promise<ServerType> {
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: options.hostname, port: options.port }, () => resolve(s));
    s.once("error", reject);
  });
  // Idle keep-alive connections are closed after 65 s rather than Node's 5 s: a client reusing a
  // connection just as the server closed it got ECONNRESET (an e2e run hit it). 65 s outlasts the
  // usual client and proxy idle times (60 s), so the client closes first.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const http = server as Server;
  // Node closes a connection whose answer says `Connection: close` (a refused body's does) as soon
  // as the answer is written. A client still sending the body then gets a reset, often before it
  // has read the answer (EPIPE instead of the 413): close only after the client stops sending.
  http.on("connection", (socket: Socket) => {
    socket.destroySoon = () => closeAfterFlushing(socket);
  });
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
