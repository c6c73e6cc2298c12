import { describe, expect, it } from "vitest";
import { callDurationMs } from "./call-duration";

describe("callDurationMs", () => {
  it("measures a call, or says nothing while it runs", () => {
    expect(callDurationMs("2026-11-20T10:00:00.000Z", "2026-11-20T10:00:01.500Z")).toBe(1500);
    expect(callDurationMs("2026-11-20T10:00:00.000Z", null)).toBeNull();
    expect(callDurationMs("garbage", "2026-11-20T10:00:01.500Z")).toBeNull();
  });
});
