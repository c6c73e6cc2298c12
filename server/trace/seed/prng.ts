import type { Random } from "../ids";

/** A small seeded generator (mulberry32): the same seed gives the same demo data on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over one generator. */
export function picker(random: Random) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  /** Picks by weight: `[[value, weight], ...]`. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = random() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return (entries.at(-1) as readonly [T, number])[0];
  };
  const chance = (p: number) => random() < p;
  const base64url = (length: number) => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * 64)];
    return out;
  };
  return { random, int, pick, weighted, chance, base64url };
}
export type Picker = ReturnType<typeof picker>;
