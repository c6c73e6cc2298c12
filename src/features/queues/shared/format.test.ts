import { describe, expect, it } from "vitest";
import { callDurationMs, formatDuration, shortId, shortOpName } from "./format";

describe("queue formatters", () => {
  it("shortens op refs to the op's name and leaves other names alone", () => {
    expect(shortOpName("weave:///demo/support-bot/op/support_agent.answer:Q2xhYmNkZWY")).toBe("support_agent.answer");
    expect(shortOpName("weave:///demo/support-bot/op/retriever.search")).toBe("retriever.search");
    expect(shortOpName("my_function")).toBe("my_function");
  });

  it.each([
    [850, "850 ms"],
    [1234, "1.2 s"],
    [12_400, "12 s"],
    [185_000, "3 min 5 s"],
    [2 * 3_600_000 + 4 * 60_000, "2 h 4 min"],
    [3 * 86_400_000 + 3_600_000, "3 d 1 h"],
  ])("formats %d ms as %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("measures a call, or says nothing while it runs", () => {
    expect(callDurationMs("2026-11-20T10:00:00.000Z", "2026-11-20T10:00:01.500Z")).toBe(1500);
    expect(callDurationMs("2026-11-20T10:00:00.000Z", null)).toBeNull();
    expect(callDurationMs("garbage", "2026-11-20T10:00:01.500Z")).toBeNull();
  });

  it("shortens ids", () => {
    expect(shortId("0123456789abcdef")).toBe("01234567…");
    expect(shortId("short")).toBe("short");
  });
});
