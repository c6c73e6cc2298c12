import { describe, expect, it } from "vitest";
import { sanitizeReturnTo, settingsPathFor } from "./return-to";

const ORIGIN = "https://dash.example.com";

describe("sanitizeReturnTo", () => {
  it("keeps a same-origin path with its query and hash", () => {
    expect(sanitizeReturnTo("/queues/q1?page=2&sort=created_at#item-3", ORIGIN)).toBe(
      "/queues/q1?page=2&sort=created_at#item-3",
    );
    expect(sanitizeReturnTo("/", ORIGIN)).toBe("/");
  });

  it.each([
    ["absolute URL elsewhere", "https://evil.example/steal"],
    ["absolute URL on the same origin", `${ORIGIN}/status`],
    ["protocol-relative", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["javascript scheme", "javascript:alert(1)"],
    ["relative path", "status"],
    ["control character", "/\tjavascript:alert(1)"],
    ["empty", ""],
  ])("rejects %s", (_name, value) => {
    expect(sanitizeReturnTo(value, ORIGIN)).toBeNull();
  });

  it("rejects a missing value", () => {
    expect(sanitizeReturnTo(null, ORIGIN)).toBeNull();
    expect(sanitizeReturnTo(undefined, ORIGIN)).toBeNull();
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(sanitizeReturnTo("/a/../../settings", ORIGIN)).toBe("/settings");
  });
});

describe("settingsPathFor", () => {
  it("encodes the return path so its own query survives", () => {
    const path = settingsPathFor("/status?x=1&y=2#z");
    const params = new URLSearchParams(path.split("?").slice(1).join("?"));
    expect(path.startsWith("/settings?")).toBe(true);
    expect(params.get("returnTo")).toBe("/status?x=1&y=2#z");
  });
});
