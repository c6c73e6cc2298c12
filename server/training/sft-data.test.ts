import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_REDIRECTS } from "./public-fetch";
import type { ResolveAll } from "./public-target";
import { fetchJsonlData, unreachableMessage, type DownloadOptions } from "./sft-data";

// A real HTTP server on loopback stands in for the host of an SFT job's training file. Loopback is
// refused like any private address, so the tests name the server
// "files.test", resolve that name to 127.0.0.1 with a fake resolver, and allow-list it, exactly as
// an operator allow-lists an internal data host (SFT_DATA_ALLOWED_HOSTS). No test sends traffic
// anywhere but loopback, and none asks a real resolver.

const EXAMPLE = JSON.stringify({
  messages: [
    { role: "user", content: "Where is my refund?" },
    { role: "assistant", content: "On its way." },
  ],
});
let server: Server;
let port = 0;
let closedPort = 0;
let requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://host").pathname;
    requests.push(path);
    const redirect = (location: string) => {
      response.statusCode = 302;
      response.setHeader("Location", location);
      response.end();
    };
    switch (path) {
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
      case "/to-good":
        return redirect("/good.jsonl");
      case "/to-loopback":
        return redirect(`http://127.0.0.1:${port}/good.jsonl`);
      case "/to-metadata":
        return redirect("http://169.254.169.254/latest/meta-data/");
      case "/loop":
        return redirect("/loop");
      default:
        response.statusCode = 404;
        response.end("no");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // A port that was just free: nothing listens there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

const resolveAll: ResolveAll = async (name) => {
  if (name === "files.test") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
};
/** The allow-listed stand-in host at the test server's port (and the closed one), over http (no certificate). */
const allowed = (): DownloadOptions => ({
  resolveAll,
  allowedHosts: [`files.test:${port}`, `files.test:${closedPort}`],
  protocols: ["http:", "https:"],
});
/** Only these hosts allowed, over http. */
const only = (allowedHosts: string[]): DownloadOptions => ({ resolveAll, allowedHosts, protocols: ["http:"] });
const at = (path: string, p = port) => `http://files.test:${p}${path}`;

describe("downloading an SFT job's training file", () => {
  it("reads every example of a JSONL file, connecting to the address the check resolved", async () => {
    // files.test exists only in the fake resolver: the request reached the server through the checked address.
    const result = await fetchJsonlData(at("/good.jsonl"), allowed());
    expect(result).toMatchObject({ ok: true, rows: [{ messages: [{ role: "user" }, { role: "assistant" }] }, {}] });
    expect(requests).toEqual(["/good.jsonl"]);
  });

  it("refuses a file over the size cap, whether its size is declared or only streamed", async () => {
    for (const path of ["/declared-big.jsonl", "/streamed-big.jsonl"]) {
      const result = await fetchJsonlData(`${at(path)}?X-Amz-Signature=secret`, { ...allowed(), maxBytes: 1024 });
      expect(result.ok).toBe(false);
      const error = (result as { error: string }).error;
      expect(error).toContain("is larger than");
      expect(error).not.toContain("secret"); // presigned URLs carry their secret in the query
    }
  });

  it("names the first line that is not JSON", async () => {
    expect(await fetchJsonlData(at("/not-json.jsonl"), allowed())).toEqual({
      ok: false,
      error: `The training data from ${at("/not-json.jsonl")} is not JSONL: line 2 is not valid JSON.`,
    });
  });

  it("exempts only the port an allowed host names; a bare host only its scheme's default port", async () => {
    expect((await fetchJsonlData(at("/good.jsonl"), only([`FILES.test:${port}`]))).ok).toBe(true);
    expect((await fetchJsonlData(at("/good.jsonl"), only(["files.test"]))).ok).toBe(false);
    expect((await fetchJsonlData(at("/good.jsonl"), only([`files.test:${closedPort}`]))).ok).toBe(false);
    expect((await fetchJsonlData(at("/good.jsonl"), only(["files.test:80", "files.test:443"]))).ok).toBe(false);
    expect(requests).toEqual(["/good.jsonl"]);
  });

  it("follows a redirect within allowed hosts", async () => {
    expect((await fetchJsonlData(at("/to-good"), allowed())).ok).toBe(true);
    expect(requests).toEqual(["/to-good", "/good.jsonl"]);
  });
});

describe("what the download refuses", () => {
  it("never connects to loopback named directly, even over an allowed scheme", async () => {
    for (const url of [
      `http://127.0.0.1:${port}/good.jsonl`,
      `http://[::ffff:127.0.0.1]:${port}/good.jsonl`,
      `http://2130706433:${port}/good.jsonl`,
    ]) {
      expect(await fetchJsonlData(url, { protocols: ["http:"] })).toEqual({
        ok: false,
        error: unreachableMessage(url),
      });
    }
    expect(requests).toEqual([]);
  });

  it("checks every redirect again: to loopback or to the metadata address, nothing is fetched there", async () => {
    for (const path of ["/to-loopback", "/to-metadata"]) {
      expect(await fetchJsonlData(at(path), allowed())).toEqual({ ok: false, error: unreachableMessage(at(path)) });
    }
    expect(requests).toEqual(["/to-loopback", "/to-metadata"]);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    expect(await fetchJsonlData(at("/loop"), allowed())).toEqual({ ok: false, error: unreachableMessage(at("/loop")) });
    expect(requests).toHaveLength(MAX_REDIRECTS + 1);
  });

  it("says the same for a closed port, an error status, a name that does not resolve and a refused address", async () => {
    const answers = await Promise.all([
      fetchJsonlData(at("/x", closedPort), allowed()),
      fetchJsonlData(at("/x"), allowed()),
      fetchJsonlData("http://nowhere.test/x", allowed()),
      fetchJsonlData("http://10.0.0.1/x", allowed()),
    ]);
    const messages = answers.map((a) =>
      a.ok ? "ok" : a.error.replace(/^(Could not fetch the training data from )\S+:/, "$1<url>:"),
    );
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toBe(
      "Could not fetch the training data from <url>: the host did not answer with the file, or is not one the service may reach (public https hosts only).",
    );
  });

  it("takes https only unless told otherwise", async () => {
    expect((await fetchJsonlData(at("/good.jsonl"), { resolveAll, allowedHosts: ["files.test"] })).ok).toBe(false);
    expect(requests).toEqual([]);
  });
});
