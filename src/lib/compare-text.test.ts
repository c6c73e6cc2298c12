import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareText } from "./compare-text";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const sameOrder = (a: string, b: string) => Math.sign(compareText(a, b)) === Math.sign(collator.compare(a, b));

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
    fc.assert(fc.property(idLike, idLike, (a, b) => sameOrder(a, b)), { numRuns: 20_000 });
  });

  it("orders as the collator does, for every pair of printable ASCII characters and of short numbers", () => {
    const characters = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    for (const a of characters) for (const b of characters) expect(sameOrder(a, b), `${a} / ${b}`).toBe(true);
    const numbers = ["0", "00", "1", "01", "9", "10", "010", "99", "100", "1a", "1.5", "1.10"];
    for (const a of numbers) for (const b of numbers) expect(sameOrder(`m-${a}`, `m-${b}`), `${a} / ${b}`).toBe(true);
  });

  it("leaves other text to the collator", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 6 }), fc.string({ unit: "grapheme", maxLength: 6 }), (a, b) => sameOrder(a, b)), { numRuns: 2_000 });
    expect(compareText("Émile", "emile")).toBe(0);
    expect(compareText("نموذج-2", "نموذج-10")).toBeLessThan(0);
  });

  it("sorts model IDs as a person reads them", () => {
    expect(["model-10", "Model-9", "model-1b", "model-1"].sort(compareText)).toEqual(["model-1", "model-1b", "Model-9", "model-10"]);
  });
});
