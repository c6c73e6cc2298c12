import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Counts each client's open connections and says which are beyond `limit`: a request arriving on
 * one of those is refused (a 429 that closes the connection, see node-server.ts) instead of
 * served. Each open connection costs a socket, buffers and possibly a request in progress; without
 * a cap one client could open thousands and hold them with slow requests. A client is its remote
 * address, so behind a proxy every client shares one count.
 */
export function capConnectionsPerClient(server: Server, limit: number): (socket: Socket) => boolean {
  const open = new Map<string, number>();
  const beyond = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => {
    const client = socket.remoteAddress ?? "unknown";
    const count = (open.get(client) ?? 0) + 1;
    open.set(client, count);
    if (count > limit) beyond.add(socket);
    socket.once("close", () => {
      const remaining = (open.get(client) ?? 1) - 1;
      if (remaining <= 0) open.delete(client);
      else open.set(client, remaining);
    });
  });
  return (socket) => beyond.has(socket);
}
