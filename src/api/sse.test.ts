import { describe, expect, it } from "vitest";
import { parseSse, parseSseEvents } from "./sse";
import { bytesOf, chunkedStream, collect, everySplit, stalledStream } from "./test-support";

// Comments, an event name, an id, multi-line data, CRLF and LF endings, a payload after [DONE].
const STREAM = [
  ": keep-alive\r\n",
  "\r\n",
  'data: {"a":1}\r\n',
  "\r\n",
  "event: update\n",
  "id: 7\n",
  "data: first line\n",
  "data:second line\n",
  "data:  two spaces\n",
  "\n",
  "data\n",
  "\n",
  "retry: 1000\n",
  'data: {"b":"é"}\n',
  "\n",
  "data: [DONE]\n",
  "\n",
  "data: after done\n",
  "\n",
].join("");

describe("parseSseEvents", () => {
  it("joins data lines, skips comments and keeps event names and ids", async () => {
    expect(await collect(parseSseEvents(chunkedStream([STREAM])))).toEqual([
      { event: "message", data: '{"a":1}' },
      { event: "update", data: "first line\nsecond line\n two spaces", id: "7" },
      { event: "message", data: "", id: "7" },
      { event: "message", data: '{"b":"é"}', id: "7" },
      { event: "message", data: "[DONE]", id: "7" },
      { event: "message", data: "after done", id: "7" },
    ]);
  });

  it("reads the same events wherever the chunks are cut", async () => {
    const whole = await collect(parseSseEvents(chunkedStream([STREAM])));
    for (const parts of everySplit(bytesOf(STREAM))) {
      expect(await collect(parseSseEvents(chunkedStream(parts)))).toEqual(whole);
    }
  });

  it("keeps multi-line data together when a CRLF is cut between CR and LF", async () => {
    const events = await collect(parseSseEvents(chunkedStream(["data: a\r", "\ndata: b\r", "\n\r", "\n"])));
    expect(events).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("accepts a lone CR as a line end", async () => {
    expect(await collect(parseSseEvents(chunkedStream(["data: x\r\rdata: y\r\r"])))).toEqual([
      { event: "message", data: "x" },
      { event: "message", data: "y" },
    ]);
  });

  it("discards an event cut off by the end of the body", async () => {
    expect(await collect(parseSseEvents(chunkedStream(["data: whole\n\n", "data: partial"])))).toEqual([
      { event: "message", data: "whole" },
    ]);
  });
});

describe("parseSse", () => {
  it("yields data payloads up to [DONE] and cancels the rest of the body", async () => {
    const body = chunkedStream([STREAM]);
    expect(await collect(parseSse(body))).toEqual(['{"a":1}', "first line\nsecond line\n two spaces", "", '{"b":"é"}']);
    // The whole text was one chunk, so the reader is done; check the cancel on a longer stream.
    const long = chunkedStream(["data: 1\n\n", "data: [DONE]\n\n", "data: 2\n\n", "data: 3\n\n"]);
    expect(await collect(parseSse(long))).toEqual(["1"]);
    expect(long.cancelled()).toBe(true);
  });

  it("stops and cancels the body when the signal aborts", async () => {
    const body = stalledStream("data: one\n\n");
    const controller = new AbortController();
    const payloads = parseSse(body, { signal: controller.signal });
    expect((await payloads.next()).value).toBe("one");
    const pending = payloads.next();
    controller.abort(new Error("user left"));
    await expect(pending).rejects.toThrow("user left");
    expect(body.cancelled()).toBe(true);
  });

  it("cancels the body when the consumer breaks out of the loop", async () => {
    const body = chunkedStream(["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"]);
    for await (const data of parseSse(body)) {
      expect(data).toBe("1");
      break;
    }
    expect(body.cancelled()).toBe(true);
  });
});
