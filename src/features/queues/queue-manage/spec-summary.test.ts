import { describe, expect, it } from "vitest";
import { specSummary } from "./spec-summary";

describe("specSummary", () => {
  it.each([
    [{ type: "integer", minimum: 1, maximum: 5 }, "Rating 1-5"],
    [{ type: "string", enum: ["polite", "neutral", "rude"] }, "Categories: polite, neutral, rude"],
    [{ type: "string", enum: ["a", "b", "c", "d", "e", "f", "g", "h"] }, "Categories: a, b, c, d, e, f, and 2 more"],
    [{ type: "boolean" }, "Yes/no"],
    [{ type: "string", maxLength: 500 }, "Text up to 500 chars"],
    [{ type: "string" }, "Text"],
    [{ type: "integer", minimum: 0, maximum: 100 }, "Whole number from 0 to 100"],
    [{ type: "number", minimum: 0 }, "Number of at least 0"],
    [{ type: "number" }, "Number"],
    [{ type: "object" }, 'Cannot be answered in the review (answers of type "object" cannot be given here)'],
    [{ type: "string", maxLength: 500, "x-optional": true }, "Text up to 500 chars, optional"],
    [{ type: "integer", minimum: 1, maximum: 5, "x-optional": true }, "Rating 1-5, optional"],
    // Only an explicit true marks a question optional; anything else is the required default.
    [{ type: "boolean", "x-optional": false }, "Yes/no"],
    [{ type: "boolean", "x-optional": "yes" }, "Yes/no"],
  ])("%j reads as %s", (schema, words) => {
    expect(specSummary(schema)).toBe(words);
  });
});
