import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ResponseFormatError } from "./response-format-error";
import { splitLines, initialLineState } from "./lines";
import { collectNdjson, parseNdjson } from "./ndjson";
import { bytesOf, chunkedStream, collect, everySplit, stalledStream } from "./test-support";

const Row = z.object({ n: z.int(), s: z.string() });

describe("splitLines", () => {
  it("ends lines at LF, CRLF and a lone CR, keeping the unfinished rest", () => {
    const state = initialLineState();
    expect(splitLines(state, "a\nb\r\nc\rd")).toEqual(["a", "b", "c"]);
    expect(state.rest).toBe("d");
  });

  it("does not read a CRLF split between chunks as two line ends", () => {
    const state = initialLineState();
    expect(splitLines(state, "a\r")).toEqual(["a"]);
    expect(splitLines(state, "\nb\n")).toEqual(["b"]);
  });

  it("gives the same lines wherever the text is cut into chunks", () => {
    const text = "a\r\n\r\nbc\rd\n\n\r\re\r\nf";
    const whole = initialLineState();
    const expected = splitLines(whole, text);
    expect(expected).toEqual(["a", "", "bc", "d", "", "", "", "e"]);
    for (let cut = 0; cut <= text.length; cut++) {
      for (let second = cut; second <= text.length; second++) {
        const state = initialLineState();
        const lines = [text.slice(0, cut), text.slice(cut, second), text.slice(second)].flatMap((chunk) =>
          splitLines(state, chunk),
        );
        expect({ cut, second, lines, rest: state.rest }).toEqual({ cut, second, lines: expected, rest: whole.rest });
      }
    }
  });

  it("keeps a line that spans many chunks whole, beside short lines", () => {
    const long = "x".repeat(10_000);
    const state = initialLineState();
    const lines = [
      `a\n${long.slice(0, 10)}`,
      ...Array.from({ length: 999 }, (_, i) => long.slice(10 * i + 10, 10 * i + 20)),
    ]
      .concat(["\nb\nc"])
      .flatMap((chunk) => splitLines(state, chunk));
    expect(lines).toEqual(["a", long, "b"]);
    expect(state.rest).toBe("c");
  });
});

describe("parseNdjson", () => {
  const text = '{"n":1,"s":"a"}\r\n{"n":2,"s":"é ü"}\n\n{"n":3,"s":"日本"}\n';
  const expected = [
    { n: 1, s: "a" },
    { n: 2, s: "é ü" },
    { n: 3, s: "日本" },
  ];

  it("reads the same values wherever the chunks are cut, even inside a UTF-8 character", async () => {
    for (const parts of everySplit(bytesOf(text))) {
      expect(await collectNdjson(chunkedStream(parts), Row)).toEqual(expected);
    }
  });

  it("reads one byte per chunk", async () => {
    const bytes = bytesOf(text);
    const parts = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await collectNdjson(chunkedStream(parts), Row)).toEqual(expected);
  });

  it("reads a last line without a newline, and an empty body as no values", async () => {
    expect(await collectNdjson(chunkedStream(['{"n":1,"s":"a"}\n{"n":2,', '"s":"b"}']), Row)).toEqual([
      { n: 1, s: "a" },
      { n: 2, s: "b" },
    ]);
    expect(await collectNdjson(chunkedStream([]), Row)).toEqual([]);
    expect(await collectNdjson(chunkedStream(["\n", "\r\n"]), Row)).toEqual([]);
  });

  it("names the line that is not JSON", async () => {
    const error = await collectNdjson(chunkedStream(['{"n":1,"s":"a"}\n', "{oops\n"]), Row).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as Error).message).toBe("line 2 is not JSON");
  });

  it("names the line and field that break the schema", async () => {
    const error = await collectNdjson(chunkedStream(['{"n":1,"s":"a"}\n{"n":2,"s":3}\n']), Row).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe("line 2: s: expected string, received number");
  });

  it("yields values as they arrive and cancels the body when the reader stops early", async () => {
    const body = chunkedStream(['{"n":1,"s":"a"}\n', '{"n":2,"s":"b"}\n', '{"n":3,"s":"c"}\n']);
    for await (const row of parseNdjson(body, Row)) {
      expect(row.n).toBe(1);
      break;
    }
    expect(body.cancelled()).toBe(true);
  });

  it("stops with the abort reason and cancels the body when the signal aborts", async () => {
    const body = stalledStream('{"n":1,"s":"a"}\n');
    const controller = new AbortController();
    const rows = parseNdjson(body, Row, { signal: controller.signal });
    expect((await rows.next()).value).toEqual({ n: 1, s: "a" });
    const pending = rows.next();
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
    expect(body.cancelled()).toBe(true);
  });

  it("refuses to start on an already aborted signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("already"));
    await expect(collect(parseNdjson(chunkedStream(["{}\n"]), Row, { signal: controller.signal }))).rejects.toThrow(
      "already",
    );
  });
});
