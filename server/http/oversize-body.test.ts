import type { ServerType } from "@hono/node-server";
import { Agent, request, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp } from "../testing/test-app";
import { SMALL_MAX_BODY_BYTES, apiBodyLimit } from "./body-limits";
import { listen } from "./node-server";

// A refusal of an oversize body must leave the client able to go on: its next request on the same
// keep-alive connection, and the refusal itself for a body still being sent when it comes.

const MiB = 1024 * 1024;
/** A 1 MiB endpoint (creating a model) and a cheap one that needs no key (health). */
const SMALL_ENDPOINT = "/api/training/v1/preview/models";
const HEALTH = "/api/training/v1/health";
const REQUEST_TIMEOUT_MS = 10_000;

let server: ServerType;
let origin: string;
let port: number;

beforeAll(async () => {
  server = await listen(createTestApp().app, {
    hostname: "127.0.0.1",
    port: 0,
    bodyLimitOf: (path) => apiBodyLimit(path, 32 * MiB),
  });
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  (server as Server).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; sawContinue: boolean };

/**
 * One request with Node's http client; resolves with the answer or rejects with the socket's error
 * (EPIPE, ECONNRESET). `body` is written in 64 KiB pieces; with `expectContinue` only after a 100.
 */
function send(
  agent: Agent,
  options: {
    method: string;
    path: string;
    body?: Buffer;
    chunked?: boolean;
    expectContinue?: boolean;
    paced?: boolean;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "Content-Type": "application/json", ...options.headers };
    if (options.body && !options.chunked) headers["Content-Length"] = options.body.length;
    if (options.expectContinue) headers["Expect"] = "100-continue";
    let sawContinue = false;
    const req = request(
      { host: "127.0.0.1", port, method: options.method, path: options.path, agent, headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sawContinue }));
        res.on("error", reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    const writeBody = () => {
      const body = options.body;
      if (!body) return void req.end();
      let offset = 0;
      const writeMore = () => {
        while (offset < body.length) {
          const piece = body.subarray(offset, offset + 64 * 1024);
          offset += piece.length;
          if (!req.write(piece)) return void req.once("drain", writeMore);
          // A client on a real link is still sending when the answer comes: pace the body (1 ms per 256 KiB).
          if (options.paced && offset % (256 * 1024) === 0) return void setTimeout(writeMore, 1);
        }
        req.end();
      };
      writeMore();
    };
    if (options.expectContinue) {
      req.on("continue", () => {
        sawContinue = true;
        writeBody();
      });
      req.flushHeaders();
    } else {
      writeBody();
    }
  });
}

/** A JSON body of `bytes` bytes. */
const jsonOf = (bytes: number) => Buffer.from(JSON.stringify({ name: "x".repeat(bytes - 12) }));

type Upload = {
  statusLine: string;
  answeredAtMs: number;
  writtenWhenAnswered: number;
  allWrittenAtMs: number;
  closedAfterEndMs: number;
};

/**
 * Uploads `bytes` to `path` over a raw connection, pacing the body as a client on a real link does and
 * going on after the answer arrives, as clients that do not read while they send do; then ends its
 * side and waits for the server to close. Bounded: the body is finite and the whole exchange is cut
 * at REQUEST_TIMEOUT_MS.
 */
function uploadRegardless(path: string, bytes: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Half-open: the server ending its side after the answer must not end this side, which is still sending.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const cut = setTimeout(() => socket.destroy(new Error("timed out")), REQUEST_TIMEOUT_MS);
    let received = "";
    let written = 0;
    let answeredAtMs = -1;
    let writtenWhenAnswered = -1;
    let endedAt = -1;
    let allWrittenAtMs = -1;
    socket.setEncoding("latin1");
    socket.on("data", (text: string) => {
      received += text;
      if (answeredAtMs < 0 && received.includes("\r\n\r\n")) {
        answeredAtMs = performance.now() - started;
        writtenWhenAnswered = written;
      }
    });
    socket.on("error", (error) => {
      clearTimeout(cut);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(cut);
      if (endedAt < 0) return reject(new Error(`closed after ${written} of ${bytes} bytes, answer: ${received}`));
      const statusLine = received.split("\r\n")[0] ?? "";
      resolve({
        statusLine,
        answeredAtMs,
        writtenWhenAnswered,
        allWrittenAtMs,
        closedAfterEndMs: performance.now() - endedAt,
      });
    });
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`);
    socket.write(`Content-Length: ${bytes}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, "x");
    const writeMore = () => {
      while (written < bytes) {
        const size = Math.min(piece.length, bytes - written);
        written += size;
        if (!socket.write(piece.subarray(0, size))) return void socket.once("drain", writeMore);
        if (written % (256 * 1024) === 0) return void setTimeout(writeMore, 1);
      }
      socket.end(() => {
        allWrittenAtMs = performance.now() - started;
        endedAt = performance.now();
      });
    };
    writeMore();
  });
}

/** The outcome of a request as one word: its status, or the error's code. */
async function outcome(answer: Promise<Answer>): Promise<string> {
  try {
    return String((await answer).status);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

// Each test's loop is bounded (at most 20 rounds, each request at most REQUEST_TIMEOUT_MS).
describe("a refused oversize body", { timeout: 60_000 }, () => {
  it("leaves a keep-alive connection's next request working (Node's http.Agent): 20 refusals, 20 good answers", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const refusals: string[] = [];
    const followUps: string[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        refusals.push(await outcome(send(agent, { method: "POST", path: SMALL_ENDPOINT, body: jsonOf(2 * MiB) })));
        followUps.push(await outcome(send(agent, { method: "GET", path: HEALTH })));
      }
    } finally {
      agent.destroy();
    }
    expect(refusals).toEqual(Array(20).fill("413"));
    expect(followUps).toEqual(Array(20).fill("200"));
  });

  it("leaves fetch's (undici's) next request working: 20 refusals, 20 good answers", async () => {
    const refusals: string[] = [];
    const followUps: string[] = [];
    const body = jsonOf(2 * MiB);
    for (let i = 0; i < 20; i++) {
      const refused = await fetch(`${origin}${SMALL_ENDPOINT}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
        .then(async (res) => (await res.text(), String(res.status)))
        .catch((error: Error) => `${error.message}: ${String((error.cause as Error | undefined)?.message)}`);
      refusals.push(refused);
      const followUp = await fetch(`${origin}${HEALTH}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
        .then(async (res) => (await res.text(), String(res.status)))
        .catch((error: Error) => `${error.message}: ${String((error.cause as Error | undefined)?.message)}`);
      followUps.push(followUp);
    }
    expect(refusals).toEqual(Array(20).fill("413"));
    expect(followUps).toEqual(Array(20).fill("200"));
  });

  it("answers 413, not a broken pipe, to a body of 4-8 MiB still being sent", async () => {
    const outcomes: string[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const size of [4, 5, 6, 7, 8, 4, 5, 6, 7, 8]) {
        // On a connection already in use, as a client's next upload would be.
        outcomes.push(await outcome(send(agent, { method: "GET", path: HEALTH })));
        outcomes.push(
          await outcome(send(agent, { method: "POST", path: SMALL_ENDPOINT, body: jsonOf(size * MiB), paced: true })),
        );
      }
    } finally {
      agent.destroy();
    }
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => ["200", "413"]).flat());
  });

  it("lets a client that keeps sending after the 413 finish its upload at once, then closes", async () => {
    const upload = await uploadRegardless(SMALL_ENDPOINT, 8 * MiB);
    expect(upload.statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    // The answer came while the body was still being sent, ...
    expect(upload.answeredAtMs).toBeGreaterThanOrEqual(0);
    expect(upload.answeredAtMs).toBeLessThan(1_000);
    expect(upload.writtenWhenAnswered).toBeLessThan(8 * MiB);
    // ... the server went on reading (and discarding) the rest rather than leaving the client stuck
    // until LINGER_MS (5 s), and closed once the client had sent everything.
    expect(upload.allWrittenAtMs).toBeLessThan(1_500);
    expect(upload.closedAfterEndMs).toBeLessThan(1_000);
  });

  it("says the connection closes, so no client sends its next request on it", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await send(agent, { method: "POST", path: SMALL_ENDPOINT, body: jsonOf(2 * MiB) });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body)).toMatchObject({
        detail: expect.stringContaining(`${SMALL_MAX_BODY_BYTES} bytes`),
      });
    } finally {
      agent.destroy();
    }
  });

  // A chunked body declares no length: the cap applies as the handler reads it, after the key check.
  it("refuses a chunked body (no Content-Length) once it passes the limit, and the next request still works", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const body = jsonOf(3 * MiB);
        outcomes.push(
          await outcome(send(agent, { method: "POST", path: SMALL_ENDPOINT, body, chunked: true, headers: bearer() })),
        );
        outcomes.push(await outcome(send(agent, { method: "GET", path: HEALTH })));
      }
    } finally {
      agent.destroy();
    }
    expect(outcomes).toEqual(Array.from({ length: 5 }, () => ["413", "200"]).flat());
  });

  it("refuses a chunked oversize body without a key with a 401, unread, and the next request still works", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, { method: "POST", path: SMALL_ENDPOINT, body: jsonOf(3 * MiB), chunked: true });
      expect(refused.status).toBe(401);
      expect((await send(agent, { method: "GET", path: HEALTH })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("answers Expect: 100-continue with the 413 itself when Content-Length is over the limit, and with a 100 when not", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, {
        method: "POST",
        path: SMALL_ENDPOINT,
        body: jsonOf(2 * MiB),
        expectContinue: true,
      });
      expect({
        status: refused.status,
        sawContinue: refused.sawContinue,
        connection: refused.headers.connection,
      }).toEqual({ status: 413, sawContinue: false, connection: "close" });
      expect(JSON.parse(refused.body)).toMatchObject({ detail: expect.stringContaining("too large") });
      // Within the limit the body is asked for and read (401: no key, so nothing is created).
      const small = await send(agent, {
        method: "POST",
        path: SMALL_ENDPOINT,
        body: jsonOf(1000),
        expectContinue: true,
      });
      expect({ status: small.status, sawContinue: small.sawContinue }).toEqual({ status: 401, sawContinue: true });
      expect((await send(agent, { method: "GET", path: HEALTH })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
