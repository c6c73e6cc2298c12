import { afterEach, describe, expect, it, vi } from "vitest";
import { withPhoneQuestionDefaults } from "./answer-columns";

const screenIs = (narrow: boolean) =>
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: narrow, media: query }));

describe("the questions' columns on a phone", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("start hidden on a phone, unless the user chose otherwise", () => {
    screenIs(true);
    expect(
      withPhoneQuestionDefaults({ call_id: false, "answer:tone": true }, ["answer:tone", "answer:resolution"]),
    ).toEqual({ "answer:resolution": false, call_id: false, "answer:tone": true });
  });

  it("show on a wider screen (the same object back)", () => {
    screenIs(false);
    const visibility = { call_id: false };
    expect(withPhoneQuestionDefaults(visibility, ["answer:tone"])).toBe(visibility);
  });
});
