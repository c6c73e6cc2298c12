import { describe, expect, it } from "vitest";
import { SILENCE, confirmed, said, silencedIf } from "./announcement";

describe("the review's announcement", () => {
  it("a message replaces what was said, and counts up so the same words are heard again", () => {
    const first = said("Item 3 marked completed.")(SILENCE);
    expect(said("Item 3 marked completed.")(first)).toEqual({ ...first, count: 2 });
  });

  it("silence keeps the count (the live region is emptied, not made anew), and changes nothing where there was silence", () => {
    expect(said("")(SILENCE)).toBe(SILENCE);
    const silenced = said("")(said("Item 3 marked completed.")(SILENCE));
    expect(silenced).toEqual({ text: "", tone: "info", count: 1 });
    expect(said("")(silenced)).toBe(silenced);
    // The same words said again after it are a new message.
    expect(said("Item 3 marked completed.")(silenced).count).toBe(2);
  });

  it("a confirmation replaces a message but not a warning", () => {
    const info = said("Finding the next one for you.")(SILENCE);
    expect(confirmed("Item 3 marked completed.")(info).text).toBe("Item 3 marked completed.");
    const warning = said("Not completed yet: 1 question is unanswered.", "warning", "item-3")(SILENCE);
    expect(confirmed("Item 2 marked in progress.")(warning)).toBe(warning);
  });

  it("is silenced only when what is shown matches", () => {
    const warning = said("Not completed yet.", "warning", "item-3")(SILENCE);
    expect(silencedIf((shown) => shown.ask === "item-4")(warning)).toBe(warning);
    expect(silencedIf((shown) => shown.ask === "item-3")(warning)).toEqual({ text: "", tone: "info", count: 1 });
  });
});
