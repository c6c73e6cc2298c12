import { createHash } from "node:crypto";

/**
 * A deterministic stream of numbers in [0, 1) seeded from text: the same parts always give the
 * same stream. sfc32 (a small fast PRNG) seeded with 128 bits of SHA-256 of the parts; not for
 * secrets, only for simulated answers that must repeat for the same request.
 */
export function seededRandom(parts: Iterable<string>): () => number {
  const hash = createHash("sha256");
  // A separator no part can forge: each part is prefixed with its length.
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  const digest = hash.digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}
