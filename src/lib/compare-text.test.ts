import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareText } from "./compare-text";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
/** How compareText and the collator order a pair (the pair is there to name it in a failure). */
const orders = (a: string, b: string) => ({
  pair: [a, b],
  compareText: Math.sign(compareText(a, b)) || 0,
  collator: Math.sign(collator.compare(a, b)) || 0,
});
/** What `orders` gives when the two agree: compareText's order replaced by the collator's. */
const agreeing = (a: string, b: string) => {
  const order = orders(a, b);
  return { ...order, compareText: order.collator };
};

/** Text like model IDs: letters of both cases, digit runs (leading zeros too), every printable symbol. */
const idLike = fc
  .array(
    fc.oneof(
      fc.constantFrom(..."aAbBzZqQ"),
      fc.stringMatching(/^0{0,2}[0-9]{1,4}$/),
      fc.constantFrom(..." _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));

describe("compareText", () => {
  it("orders as the collator does, for text like model IDs", () => {
    fc.assert(
      fc.property(idLike, idLike, (a, b) => {
        expect(orders(a, b)).toEqual(agreeing(a, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it("orders as the collator does, for every pair of printable ASCII characters and of short numbers", () => {
    const characters = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    const pairs: [string, string][] = [];
    for (const a of characters) for (const b of characters) pairs.push([a, b]);
    const numbers = ["0", "00", "1", "01", "9", "10", "010", "99", "100", "1a", "1.5", "1.10"];
    for (const a of numbers) for (const b of numbers) pairs.push([`m-${a}`, `m-${b}`]);
    expect(pairs.map(([a, b]) => orders(a, b))).toEqual(pairs.map(([a, b]) => agreeing(a, b)));
  });

  it("sorts text that mixes ASCII with other scripts in the collator's order", () => {
    // Pairs with a non-ASCII side go to the collator; the ASCII pairs must fit the same order.
    const mixed = fc.array(
      fc.oneof(
        idLike,
        fc.string({ unit: "grapheme", maxLength: 6 }),
        fc.constantFrom("Émile", "emile", "نموذج-2", "نموذج-10", "模型-3"),
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(mixed, (texts) => {
        const sorted = texts.toSorted(compareText);
        const outOfOrder = sorted.slice(1).filter((text, i) => collator.compare(sorted[i]!, text) > 0);
        expect(outOfOrder).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
    expect(compareText("Émile", "emile")).toBe(0);
    expect(compareText("نموذج-2", "نموذج-10")).toBeLessThan(0);
  });

  it("sorts model IDs as a person reads them", () => {
    expect(["model-10", "Model-9", "model-1b", "model-1"].sort(compareText)).toEqual([
      "model-1",
      "model-1b",
      "Model-9",
      "model-10",
    ]);
  });
});
