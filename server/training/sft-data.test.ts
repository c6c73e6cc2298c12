import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchJsonlData } from "./sft-data";

// A real HTTP server on loopback stands in for the host of an SFT job's training file.

const EXAMPLE = JSON.stringify({ messages: [{ role: "user", content: "Where is my refund?" }, { role: "assistant", content: "On its way." }] });
let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (new URL(request.url ?? "/", "http://host").pathname) {
      case "/good.jsonl":
        response.end(`${EXAMPLE}\n${EXAMPLE}\n`);
        return;
      case "/declared-big.jsonl":
        // Refused on the header alone: the body is never read.
        response.setHeader("Content-Length", "4096");
        response.end(" ".repeat(4096));
        return;
      case "/streamed-big.jsonl":
        // No Content-Length: only counting the bytes as they arrive catches this one.
        for (let i = 0; i < 40; i++) response.write(`${EXAMPLE}\n`);
        response.end();
        return;
      case "/not-json.jsonl":
        response.end(`${EXAMPLE}\nnot json\n`);
        return;
      default:
        response.statusCode = 404;
        response.end("no");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("downloading an SFT job's training file", () => {
  it("reads every example of a JSONL file", async () => {
    const result = await fetchJsonlData(`${origin}/good.jsonl`);
    expect(result).toMatchObject({ ok: true, rows: [{ messages: [{ role: "user" }, { role: "assistant" }] }, {}] });
  });

  it("refuses a file over the size cap, whether its size is declared or only streamed", async () => {
    for (const path of ["/declared-big.jsonl", "/streamed-big.jsonl"]) {
      const result = await fetchJsonlData(`${origin}${path}?X-Amz-Signature=secret`, { maxBytes: 1024 });
      expect(result.ok).toBe(false);
      const error = (result as { error: string }).error;
      expect(error).toContain("is larger than");
      expect(error).not.toContain("secret"); // presigned URLs carry their secret in the query
    }
  });

  it("names the HTTP status and the first line that is not JSON", async () => {
    expect(await fetchJsonlData(`${origin}/missing.jsonl`)).toEqual({ ok: false, error: `Could not fetch the training data from ${origin}/missing.jsonl: HTTP 404.` });
    expect(await fetchJsonlData(`${origin}/not-json.jsonl`)).toEqual({ ok: false, error: `The training data from ${origin}/not-json.jsonl is not JSONL: line 2 is not valid JSON.` });
  });
});
