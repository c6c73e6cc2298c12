import type { Socket } from "node:net";

/** How long a closing connection keeps reading what the client still sends, at most. */
export const LINGER_MS = 5_000;
/** And how much of it, at most (the largest body any endpoint takes is 32 MiB). */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/**
 * Closes a connection without losing the answer just written: sends the end of the stream once the
 * answer is flushed, then reads and discards what the client is still sending (the rest of a body
 * that was refused unread) until the client closes its side, LINGER_MS pass or LINGER_MAX_BYTES
 * arrive. Closing at once with unread bytes makes the kernel reset the connection, and the client
 * may then lose the answer it had not read yet.
 */
export function closeAfterFlushing(socket: Socket): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  let discarded = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) socket.destroy();
  });
  socket.once("end", () => socket.destroy());
  socket.once("close", () => clearTimeout(timer));
  socket.end();
  socket.resume();
}
