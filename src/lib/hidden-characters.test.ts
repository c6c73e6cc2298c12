import { describe, expect, it } from "vitest";
import { hasHiddenCharacters, revealHiddenCharacters, splitHiddenCharacters } from "./hidden-characters";

describe("hidden characters", () => {
  it("names every bidirectional control and zero-width character", () => {
    const all =
      "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u200B\u200C\u200D\uFEFF\u2060";
    const parts = splitHiddenCharacters(`a${all}b`);
    expect(parts[0]).toBe("a");
    expect(parts.at(-1)).toBe("b");
    const hidden = parts.slice(1, -1);
    expect(hidden).toHaveLength(all.length);
    expect(hidden.map((p) => (typeof p === "string" ? p : p.code))).toEqual(
      [...all].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`),
    );
    expect(hidden.every((p) => typeof p !== "string" && p.name !== "invisible character")).toBe(true);
  });

  it("shows a right-to-left override in an op name for what it is", () => {
    expect(revealHiddenCharacters("\u202Erewsna.tnega")).toBe("⟨U+202E⟩rewsna.tnega");
    expect(splitHiddenCharacters("call-\u200B1")).toEqual(["call-", { code: "U+200B", name: "zero width space" }, "1"]);
  });

  it("leaves plain text, and Arabic and Hebrew, as they are", () => {
    for (const text of ["agent.answer", "", "مرحبا بالعالم", "שלום עולם", "👩‍💻"]) {
      expect(hasHiddenCharacters(text, "controls")).toBe(false);
      expect(splitHiddenCharacters(text, "controls")).toEqual([text]);
    }
    // In prose the marks and joiners of right-to-left writing stay; the overrides are still shown.
    const persian = "می\u200Cخواهم \u200Fسلام";
    expect(revealHiddenCharacters(persian, "controls")).toBe(persian);
    expect(revealHiddenCharacters(`${persian}\u202E`, "controls")).toBe(`${persian}⟨U+202E⟩`);
    // In an identifier nothing invisible belongs: the same joiner is shown.
    expect(revealHiddenCharacters("می\u200Cخواهم")).toBe("می⟨U+200C⟩خواهم");
  });

  it("is linear: a megabyte of overrides is split in one pass", () => {
    const text = "\u202Ea".repeat(500_000);
    const parts = splitHiddenCharacters(text);
    expect(parts).toHaveLength(1_000_000);
    expect(hasHiddenCharacters(text)).toBe(true);
    expect(hasHiddenCharacters(text)).toBe(true);
  });
});
