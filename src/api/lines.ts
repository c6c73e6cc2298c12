/** Where the line splitter stands between two chunks. */
export type LineSplitState = { rest: string; pendingCR: boolean };

export const initialLineState = (): LineSplitState => ({ rest: "", pendingCR: false });

/**
 * Splits decoded text into complete lines, ending at "\n", "\r\n" or a lone "\r" (what the
 * event-stream format allows; NDJSON never has a raw "\r" inside a value, so it is safe there).
 * A chunk may end between "\r" and "\n": `pendingCR` drops that "\n" from the next chunk rather
 * than reading it as an empty line, which would end a server-sent event too early.
 */
export function splitLines(state: LineSplitState, text: string): string[] {
  let buffer = state.rest + text;
  if (state.pendingCR && buffer.length > 0) {
    if (buffer.startsWith("\n")) buffer = buffer.slice(1);
    state.pendingCR = false;
  }
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < buffer.length; i++) {
    const ch = buffer[i];
    if (ch !== "\n" && ch !== "\r") continue;
    lines.push(buffer.slice(start, i));
    if (ch === "\r") {
      if (i + 1 < buffer.length) {
        if (buffer[i + 1] === "\n") i++;
      } else {
        state.pendingCR = true;
      }
    }
    start = i + 1;
  }
  state.rest = buffer.slice(start);
  return lines;
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
