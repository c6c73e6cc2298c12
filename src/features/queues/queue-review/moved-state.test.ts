import { describe, expect, it } from "vitest";
import { movedFrom, type Moved } from "./moved-state";

const next = (to: string): Omit<Moved, "from"> => ({ to, index: null, work: false, wrapped: false });

describe("movedFrom", () => {
  it("starts a run from the item the address names", () => {
    expect(movedFrom(null, "a", next("b")).from).toEqual(["a"]);
  });

  it("keeps every item of a quick run as one the address may still name, the item shown left out", () => {
    const first = movedFrom(null, "a", next("b"));
    // The address of b was written; the router has not rendered it: the address still names a.
    const second = movedFrom(first, "a", next("c"));
    expect([...second.from].sort()).toEqual(["a", "b"]);
    // Back to b before the address caught up.
    const third = movedFrom(second, "a", next("b"));
    expect([...third.from].sort()).toEqual(["a", "c"]);
  });

  it("keeps the 16 most recent items of a long run", () => {
    let moved: Moved | null = null;
    for (let i = 1; i <= 40; i++) moved = movedFrom(moved, "item-0", next(`item-${i}`));
    expect(moved!.from).toHaveLength(16);
    expect(moved!.from).toContain("item-0");
    expect(moved!.from).toContain("item-39");
    expect(moved!.from).not.toContain("item-40");
  });
});
