import { describe, expect, it } from "vitest";
import { sseStream } from "./sse";

const decoder = new TextDecoder();

describe("sseStream", () => {
  it("frames each event as `data: ...` and calls onEnd once when done", async () => {
    let ended = 0;
    const text = await new Response(sseStream(["a", "b", "[DONE]"], { delayMs: 0, onEnd: () => (ended += 1) })).text();
    expect(text).toBe("data: a\n\ndata: b\n\ndata: [DONE]\n\n");
    expect(ended).toBe(1);
  });

  it("produces events only as they are read, and stops for good when the reader cancels", async () => {
    let ended = 0;
    const stream = sseStream(["1", "2", "3", "4"], { delayMs: 1, onEnd: () => (ended += 1) });
    const reader = stream.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe("data: 1\n\n");
    await reader.cancel();
    expect(ended).toBe(1);
    expect(await reader.closed).toBeUndefined();
  });

  it("stops when the request is aborted, even while waiting for the next token", async () => {
    const abort = new AbortController();
    let ended = 0;
    const stream = sseStream(["1", "2", "3"], { delayMs: 60_000, signal: abort.signal, onEnd: () => (ended += 1) });
    const reader = stream.getReader();
    await reader.read();
    const pending = reader.read(); // waits out the (long) token delay
    abort.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(ended).toBe(1);
  });

  it("ends at once for a request that was already aborted", async () => {
    const abort = new AbortController();
    abort.abort();
    let ended = 0;
    const text = await new Response(
      sseStream(["1"], { delayMs: 0, signal: abort.signal, onEnd: () => (ended += 1) }),
    ).text();
    expect(text).toBe("");
    expect(ended).toBe(1);
  });
});
