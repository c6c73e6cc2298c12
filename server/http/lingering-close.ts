import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long a closing connection keeps reading what the client still sends, at most. */
export const LINGER_MS = 5_000;
/** And how much of it, at most (the largest body any endpoint takes is 32 MiB). */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How often the bytes read while lingering are counted (a 'data' listener cannot count them, see below). */
const COUNT_EVERY_MS = 50;

const lingering = new WeakSet<Socket>();

/**
 * Closes a connection without losing the answer just written: sends the end of the stream once the
 * answer is flushed, then lets the rest of the request be read and discarded (the rest of a body
 * that was refused unread) until the client closes its side, LINGER_MS pass or LINGER_MAX_BYTES
 * arrive. Closing at once with unread bytes makes the kernel reset the connection, and the client
 * may then lose the answer it had not read yet.
 *
 * Node's HTTP parser reads the socket itself and hands the body to the request, which
 * discardBodyOnceAnswered makes throw it away; the parser stops and restarts reading through its own
 * 'pause' and 'resume' listeners on the socket. A 'data' listener must not be added here: adding one
 * takes the socket away from the parser and removes those listeners, so reading stopped by the
 * request's back-pressure never restarts and a client still uploading waits LINGER_MS for a reset
 * instead of finishing its upload and reading the answer.
 */
export function closeAfterFlushing(socket: Socket): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  const readBefore = socket.bytesRead;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  const counter = setInterval(() => {
    if (socket.bytesRead - readBefore > LINGER_MAX_BYTES) socket.destroy();
  }, COUNT_EVERY_MS);
  counter.unref();
  socket.once("end", () => socket.destroy());
  socket.once("close", () => {
    clearTimeout(timer);
    clearInterval(counter);
  });
  socket.end();
  socket.resume();
}

/**
 * Once the answer is sent, the rest of a body nobody read is thrown away as it arrives, so a client
 * still uploading can finish and read the answer, and a keep-alive connection's next request can be
 * parsed. Node does this itself only for a request nobody began to read; the Hono adapter wraps every
 * body in a web stream, whose back-pressure pauses the request again as soon as it is resumed.
 */
export function discardBodyOnceAnswered(request: IncomingMessage, response: ServerResponse): void {
  response.once("finish", () => {
    if (request.complete || request.destroyed) return;
    request.removeAllListeners("data");
    request.resume();
  });
}
