import type { ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeRawConnections, open, paced, statusOf, within } from "../testing/raw-connection";
import { basic, createTestApp } from "../testing/test-app";
import { PROJECT } from "../trace/test-fixtures";
import { LARGE_UPLOADS_PER_ENTITY } from "../trace/large-uploads";
import type { BodyRate } from "./body-rate";
import { listen, type ListenOptions } from "./node-server";

// Clients that send slowly, or open many connections, must not hold what other requests need.
// Every exchange is on loopback and bounded: a socket that neither answers nor closes in time fails the test.

const MiB = 1024 * 1024;
const servers: ServerType[] = [];

afterEach(async () => {
  closeRawConnections();
  for (const server of servers.splice(0)) {
    (server as Server).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function start(options: { bodyRate?: BodyRate } & Partial<ListenOptions> = {}): Promise<number> {
  const { bodyRate, ...listenOptions } = options;
  const server = await listen(createTestApp({ bodyRate }).app, { hostname: "127.0.0.1", port: 0, ...listenOptions });
  servers.push(server);
  return ((server as Server).address() as AddressInfo).port;
}

/** A valid table upload of about `bytes` bytes (a large one, counted against the entity's upload slots). */
function tableBody(bytes: number): Buffer {
  return Buffer.from(JSON.stringify({ table: { project_id: PROJECT, rows: [{ a: "x".repeat(bytes) }] } }));
}

async function post(port: number, path: string, body: Buffer): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { ...basic(), "Content-Type": "application/json" },
    body: new Uint8Array(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("slow clients", () => {
  it("cuts a request whose body trickles at one byte per 200 ms with a 408 at the request timeout", async () => {
    // No rate limit here: only the timeout acts.
    const port = await start({ requestTimeoutMs: 1000, bodyRate: { minBytesPerSecond: 0, graceMs: 100 } });
    const connection = open(port);
    await connection.connected;
    const startedAt = performance.now();
    paced(connection, { path: "/api/trace/table/create", length: 1000, piece: 1, everyMs: 200 });
    await within(connection.closed, 4000, "the server closing the trickling connection");
    const tookMs = performance.now() - startedAt;
    expect(statusOf(connection.received())).toBe(408);
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(2500);
  });

  it(`frees the entity's ${LARGE_UPLOADS_PER_ENTITY} upload slots from uploads slower than the minimum rate: its real upload goes through`, async () => {
    const port = await start({ bodyRate: { minBytesPerSecond: 64 * 1024, graceMs: 500 } });
    const slow = Array.from({ length: LARGE_UPLOADS_PER_ENTITY }, () => open(port));
    await Promise.all(slow.map((c) => c.connected));
    // 2 MiB announced, 1 KiB sent every 100 ms: 10 KiB/s, far under 64 KiB/s.
    for (const connection of slow)
      paced(connection, { path: "/api/trace/table/create", length: 2 * MiB, piece: 1024, everyMs: 100 });
    await within(Promise.all(slow.map((c) => c.closed)), 4000, "the server cutting both slow uploads");
    for (const connection of slow) {
      expect(statusOf(connection.received())).toBe(408);
      expect(connection.received()).toMatch(/arrived too slowly/);
    }
    expect(await post(port, "/api/trace/table/create", tableBody(2 * MiB))).toBe(200);
  });

  it("takes a large upload sent at about 1 MiB/s, well past the grace, whole", async () => {
    const port = await start({ bodyRate: { minBytesPerSecond: 64 * 1024, graceMs: 200 } });
    const connection = open(port);
    await connection.connected;
    paced(connection, { path: "/api/trace/table/create", body: tableBody(MiB), piece: 32 * 1024, everyMs: 30 });
    await within(connection.closed, 5000, "the answer to the paced upload");
    expect(statusOf(connection.received())).toBe(200);
  });
});

describe("connections per client", () => {
  it("answers a request on a connection beyond the cap with a 429 that closes it, and serves again once one closes", async () => {
    const port = await start({ maxConnectionsPerClient: 3 });
    const held = [open(port), open(port), open(port)];
    await Promise.all(held.map((c) => c.connected));
    const extra = open(port);
    await extra.connected;
    extra.socket.write("GET /api/training/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await within(extra.closed, 3000, "the server closing the connection beyond the cap");
    expect(statusOf(extra.received())).toBe(429);
    expect(extra.received()).toMatch(/"detail":"Too many connections from one client: at most 3 at a time/);
    // The held ones serve, and a new connection does once one of them is closed.
    held[0]!.socket.write("GET /api/training/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await within(
      new Promise<void>((resolve) => held[0]!.socket.once("data", () => resolve())),
      3000,
      "a held connection's answer",
    );
    expect(statusOf(held[0]!.received())).toBe(200);
    held[1]!.socket.destroy();
    await held[1]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = open(port);
    await again.connected;
    again.socket.write("GET /api/training/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    await within(again.closed, 3000, "the answer on a new connection");
    expect(statusOf(again.received())).toBe(200);
  });
});
