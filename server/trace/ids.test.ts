import { describe, expect, it } from "vitest";
import { monotonicIdGenerator, uuid4, uuid7Now } from "./ids";
import { seededRandom } from "./seed/prng";

const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("item ids", () => {
  it("are version 7 UUIDs that strictly increase, even within one millisecond", () => {
    const next = monotonicIdGenerator(undefined, seededRandom(1));
    const ids = Array.from({ length: 5000 }, () => next(1_790_000_000_000));
    expect(ids.every((id) => UUID7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("continue after the newest stored id when the clock goes back", () => {
    const first = monotonicIdGenerator(undefined, seededRandom(2));
    const stored = [first(2_000_000_000_000), first(2_000_000_000_000)];
    const next = monotonicIdGenerator(stored.at(-1), seededRandom(3));
    const later = [next(1_000_000_000_000), next(2_000_000_000_001), next(1_500_000_000_000)];
    const all = [...stored, ...later];
    expect([...all].sort()).toEqual(all);
    expect(later[0]?.slice(0, 13)).toBe(stored[1]?.slice(0, 13));
  });

  it("refuse to continue after an id that is not theirs", () => {
    expect(() => monotonicIdGenerator("not-a-uuid")).toThrow(/UUIDv7/);
  });

  it("other ids are well-formed UUIDs", () => {
    expect(uuid7Now(Date.UTC(2026, 10, 20))).toMatch(UUID7);
    expect(uuid7Now(Date.UTC(2026, 10, 20)).slice(0, 8)).toBe(
      Date.UTC(2026, 10, 20).toString(16).padStart(12, "0").slice(0, 8),
    );
    expect(uuid4()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
