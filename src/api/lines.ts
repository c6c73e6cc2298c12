/** Where the line splitter stands between two chunks. */
export type LineSplitState = { rest: string; pendingCR: boolean };

export const initialLineState = (): LineSplitState => ({ rest: "", pendingCR: false });

/**
 * Splits decoded text into complete lines, ending at "\n", "\r\n" or a lone "\r" (what the
 * event-stream format allows; NDJSON never has a raw "\r" inside a value, so it is safe there).
 * A chunk may end between "\r" and "\n": `pendingCR` drops that "\n" from the next chunk rather
 * than reading it as an empty line, which would end a server-sent event too early.
 *
 * Only the new text is searched, with indexOf: `rest` never holds a line end. A line of megabytes
 * (a call's long answer) arrives in a hundred chunks, and searching `rest` again with each one
 * made reading it quadratic: most of a cold Calls load's script time went there.
 */
export function splitLines(state: LineSplitState, text: string): string[] {
  let start = 0;
  if (state.pendingCR && text.length > 0) {
    if (text.startsWith("\n")) start = 1;
    state.pendingCR = false;
  }
  const lines: string[] = [];
  const ends = lineEndFinder(text);
  let rest = state.rest;
  for (let end = ends(start); end !== -1; end = ends(start)) {
    lines.push(rest + text.slice(start, end));
    rest = "";
    start = end + 1;
    if (text[end] !== "\r") continue;
    if (start === text.length) state.pendingCR = true;
    else if (text[start] === "\n") start++;
  }
  state.rest = rest + text.slice(start);
  return lines;
}

/**
 * The first "\n" or "\r" at or after a position, as calls with rising positions ask for it: each
 * character is searched for again only once passed, so a chunk of many lines and no "\r" (NDJSON)
 * is read once rather than once per line.
 */
function lineEndFinder(text: string): (from: number) => number {
  let newline = -2;
  let carriageReturn = -2;
  return (from) => {
    if (newline !== -1 && newline < from) newline = text.indexOf("\n", from);
    if (carriageReturn !== -1 && carriageReturn < from) carriageReturn = text.indexOf("\r", from);
    if (newline === -1) return carriageReturn;
    return carriageReturn === -1 ? newline : Math.min(newline, carriageReturn);
  };
}

/**
 * The lines of a byte stream, decoded as UTF-8 (characters split across chunks are kept whole),
 * the last one even without a final newline. Aborting `signal` cancels the body and throws the
 * abort reason; stopping the iteration early cancels the body too, so the connection is freed.
 */
export async function* readLines(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  signal?.throwIfAborted();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const state = initialLineState();
  let finished = false;
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // A cancelled read resolves as "done": tell that apart from a real end of the body.
      signal?.throwIfAborted();
      if (done) break;
      yield* splitLines(state, decoder.decode(value, { stream: true }));
    }
    const tail = splitLines(state, decoder.decode());
    if (state.rest.length > 0) tail.push(state.rest);
    finished = true;
    yield* tail;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
