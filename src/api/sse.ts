import { readLines } from "./lines";
import type { StreamOptions } from "./ndjson";

/** One dispatched server-sent event. */
export type ServerSentEvent = { event: string; data: string; id?: string };

/** The payload OpenAI-compatible services send to say a stream is complete. */
export const DONE_SENTINEL = "[DONE]";

/**
 * The events of a text/event-stream body, following the WHATWG parsing rules: `data:` lines of
 * one event are joined with "\n", a blank line dispatches, `:` lines are comments (keep-alives),
 * one space after the colon is dropped, and an event cut off by the end of the body is discarded
 * (it may be incomplete). Chunks may split the text anywhere; readLines copes with that.
 */
export async function* parseSseEvents(
  body: ReadableStream<Uint8Array>,
  options: StreamOptions = {},
): AsyncGenerator<ServerSentEvent> {
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  for await (const line of readLines(body, options.signal)) {
    if (line === "") {
      if (data.length > 0)
        yield { event: event || "message", data: data.join("\n"), ...(id === undefined ? {} : { id }) };
      data = [];
      event = "";
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
    // "retry" and unknown fields are ignored: the client does not reconnect on its own.
  }
}

/**
 * The data payloads of an event stream, up to `data: [DONE]` (which is not yielded). Leaving
 * the loop early or aborting the signal cancels the body.
 */
export async function* parseSse(body: ReadableStream<Uint8Array>, options: StreamOptions = {}): AsyncGenerator<string> {
  for await (const { data } of parseSseEvents(body, options)) {
    if (data.trim() === DONE_SENTINEL) return;
    yield data;
  }
}
