import { describe, expect, it } from "vitest";
import { shortId } from "./short-id";

describe("shortId", () => {
  it("shortens ids", () => {
    expect(shortId("0123456789abcdef")).toBe("01234567…");
    expect(shortId("short")).toBe("short");
  });
});
