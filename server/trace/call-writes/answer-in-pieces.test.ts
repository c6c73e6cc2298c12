import { describe, expect, it } from "vitest";
import { textInPieces } from "./answer-in-pieces";

async function piecesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe("textInPieces", () => {
  it("gives back the whole text as UTF-8, in pieces of at most the given length", async () => {
    const text = `{"res":[${Array.from({ length: 300 }, (_, i) => `{"id":"é${i}"}`).join(",")}]}`;
    const pieces = await piecesOf(textInPieces(text, 100));
    expect(pieces.length).toBeGreaterThan(text.length / 100);
    expect(new TextDecoder().decode(Buffer.concat(pieces))).toBe(text);
  });

  it("never splits a surrogate pair between two pieces", async () => {
    const text = `a${"😀".repeat(50)}`;
    const pieces = await piecesOf(textInPieces(text, 2));
    for (const piece of pieces) expect(new TextDecoder("utf-8", { fatal: true }).decode(piece)).not.toContain("\ufffd");
    expect(new TextDecoder().decode(Buffer.concat(pieces))).toBe(text);
  });
});
