import { setImmediate as nextTurn } from "node:timers/promises";

/** Answers longer than this many characters are written a piece at a time. */
export const PIECE_CHARS = 64 * 1024;

/**
 * `text` as a stream of UTF-8 pieces of at most PIECE_CHARS characters, one per turn of the event
 * loop: a large batch's answer (megabytes: an id and trace id per start) encoded and written to the
 * socket at once would hold every other request for as long. A piece never splits a surrogate pair.
 */
export function textInPieces(text: string, pieceChars = PIECE_CHARS): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset > 0) await nextTurn();
      let end = Math.min(text.length, offset + pieceChars);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && end - 1 > offset && last >= 0xd800 && last <= 0xdbff) end -= 1;
      controller.enqueue(encoder.encode(text.slice(offset, end)));
      offset = end;
      if (offset >= text.length) controller.close();
    },
  });
}
