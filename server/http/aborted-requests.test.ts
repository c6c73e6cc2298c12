import type { ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { basic, createTestApp } from "../testing/test-app";
import { listen } from "./node-server";

// A client that gives up mid-body is not a server failure: it costs one log line, not a stack trace.

let server: ServerType;
let port: number;
beforeAll(async () => {
  server = await listen(createTestApp().app, { hostname: "127.0.0.1", port: 0 });
  port = ((server as Server).address() as AddressInfo).port;
});
afterAll(async () => {
  (server as Server).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ABORTS = 10;

it(`logs at most one line, and no stack, per request aborted mid-body (${ABORTS} aborts)`, async () => {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(...args.map(String).join(" ").split("\n"));
  const spies = (["error", "warn", "info", "log"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(record),
  );
  try {
    for (let i = 0; i < ABORTS; i += 1) {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(
        `POST /api/trace/table/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic().Authorization}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"table": {`,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.resetAndDestroy();
    }
    // Bounded wait for the handlers to see their reads fail.
    for (let waited = 0; waited < 2000 && lines.length < ABORTS; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.length).toBeLessThanOrEqual(ABORTS);
  for (const line of lines) expect(line).toMatch(/the client went away during POST \/api\/trace\/table\/create$/);
});
