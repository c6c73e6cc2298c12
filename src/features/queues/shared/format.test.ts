import { describe, expect, it } from "vitest";
import { callDurationMs, shortId, shortOpName } from "./format";

describe("queue formatters", () => {
  it("shortens op refs to the op's name and leaves other names alone", () => {
    expect(shortOpName("weave:///demo/support-bot/op/support_agent.answer:Q2xhYmNkZWY")).toBe("support_agent.answer");
    expect(shortOpName("weave:///demo/support-bot/op/retriever.search")).toBe("retriever.search");
    expect(shortOpName("my_function")).toBe("my_function");
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
