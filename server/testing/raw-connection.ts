import { connect, type Socket } from "node:net";
import { basic } from "./test-app";

// Raw HTTP/1.1 over a loopback socket, for tests of what a slow, stalled or vanishing client does
// to the server: every byte and every pause is the test's to choose.

const sockets = new Set<Socket>();

/** Destroys every connection open() made (tests call it after each test). */
export function closeRawConnections(): void {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
}

/** A raw connection: everything the server sends, and whether (and when) it closed. */
export function open(port: number) {
  const socket = connect(port, "127.0.0.1");
  sockets.add(socket);
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** Resolves when `promise` does, or rejects after `ms` naming `what`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms)),
  ]);
}

export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

/**
 * Sends a POST whose body is announced as `length` bytes (by default that of `body`) and sent
 * `piece` bytes every `everyMs`: `body`'s bytes, then spaces once they run out, until `length`.
 */
export function paced(
  connection: ReturnType<typeof open>,
  request: { path: string; body?: Buffer; length?: number; piece: number; everyMs: number; authorization?: string },
): void {
  const body = request.body ?? Buffer.from("{");
  const length = request.length ?? body.length;
  connection.socket.write(
    `POST ${request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${request.authorization ?? basic().Authorization}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= length || connection.socket.destroyed) return void clearInterval(timer);
    const end = Math.min(sent + request.piece, length);
    const fromBody = body.subarray(sent, Math.min(end, body.length));
    connection.socket.write(Buffer.concat([fromBody, Buffer.alloc(end - sent - fromBody.length, " ")]));
    sent = end;
  }, request.everyMs);
  void connection.closed.then(() => clearInterval(timer));
}
