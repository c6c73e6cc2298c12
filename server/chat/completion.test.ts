import { describe, expect, it } from "vitest";
import { planCompletion } from "./completion";
import { simulatedReplyText } from "./simulated-reply";
import { approximateTokens, contentText } from "./tokens";

describe("the simulated completion", () => {
  it("is deterministic, marked as a simulation, and built from the last user message", () => {
    const messages = [
      { role: "user" as const, content: "first question" },
      { role: "assistant" as const, content: "an answer" },
      { role: "user" as const, content: "  second\n question  here " },
    ];
    const text = simulatedReplyText("Qwen/Qwen2.5-7B-Instruct", messages);
    expect(text).toBe(simulatedReplyText("Qwen/Qwen2.5-7B-Instruct", messages));
    expect(text.startsWith("[Local simulation of Qwen/Qwen2.5-7B-Instruct]")).toBe(true);
    expect(text).toContain('(3 words): "second question here"');
  });

  it("shortens a long prompt in the reply", () => {
    const text = simulatedReplyText("m", [{ role: "user", content: "x".repeat(1000) }]);
    expect(text).toContain(`"${"x".repeat(160)}…"`);
  });

  it("counts usage with the ~4 characters per token approximation", () => {
    const plan = planCompletion({ model: "m", messages: [{ role: "user", content: "12345678" }] }, "m");
    expect(plan.usage.prompt_tokens).toBe(4 + 2);
    expect(plan.usage.completion_tokens).toBe(plan.pieces.reduce((sum, p) => sum + approximateTokens(p), 0));
    expect(plan.finishReason).toBe("stop");
  });

  it("stops before max_tokens would be exceeded", () => {
    const plan = planCompletion({ model: "m", messages: [{ role: "user", content: "hi" }], max_tokens: 1 }, "m");
    expect(plan.pieces).toEqual([]);
    expect(plan.usage.completion_tokens).toBe(0);
    expect(plan.finishReason).toBe("length");
  });

  it("reads text out of content parts", () => {
    expect(contentText([{ type: "text", text: "a" }, { type: "image_url" }, { type: "text", text: "b" }])).toBe("ab");
    expect(contentText(null)).toBe("");
    expect(approximateTokens("")).toBe(0);
    expect(approximateTokens("abcde")).toBe(2);
  });
});

describe("the simulated reply to a long prompt", () => {
  it("counts words and quotes the opening of a long, oddly spaced prompt exactly as a whitespace split would", () => {
    const prompt = `\t ${"alpha  beta\n\tgamma ".repeat(20_000)}  `;
    const text = simulatedReplyText("m", [{ role: "user", content: prompt }]);
    const normalised = prompt.replace(/\s+/g, " ").trim();
    expect(text).toContain(`(${normalised.split(" ").length} words): "${normalised.slice(0, 160)}…"`);
  });

  it("quotes a short prompt whole, and reads the last user message's content parts", () => {
    expect(simulatedReplyText("m", [{ role: "user", content: " one " }])).toContain('(1 word): "one"');
    expect(
      simulatedReplyText("m", [
        {
          role: "user",
          content: [
            { type: "text", text: "a b" },
            { type: "text", text: " c" },
          ],
        },
      ]),
    ).toContain('(3 words): "a b c"');
    expect(simulatedReplyText("m", [{ role: "user", content: "   " }])).toContain('(0 words): ""');
  });
});
