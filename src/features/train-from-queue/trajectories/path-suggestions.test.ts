import { describe, expect, it } from "vitest";
import { CHAT_PATHS } from "./conversation";
import { isProse, pathCandidates, suggestPaths } from "./path-suggestions";

// The shapes of the demo's ops (server/trace/seed/demo-calls.ts): a suggestion is used without
// asking, so it must read as a conversation; anything else is only offered.
const policyCheck = {
  inputs: {
    order_id: "NW-482913",
    requested_action: "refund",
    days_since_delivery: 12,
    item_condition: "damaged in transit",
  },
  output: { allowed: true, rule: "KB-1042 §3", requires_approval: false },
};
const classify = {
  inputs: { message: "Where is my refund for order NW-482913?" },
  output: { intent: "refund_status", confidence: 0.91, secondary: "order_status" },
};
const search = {
  inputs: { query: "refund for a damaged parcel", top_k: 3, index: "helpcentre-v7" },
  output: [{ id: "KB-1042", title: "Refunds", snippet: "…", score: 0.8 }],
};
const summarize = {
  inputs: { transcript: "Customer: Where is my refund?\nAgent: It left on Monday." },
  output: { summary: "Customer asked about a refund; agent explained.", sentiment: "neutral" },
};
const escalate = {
  inputs: { conversation_id: "conv_1", question: "Can I speak to a person?", reason: "angry", contact_count: 2 },
  output: { ticket_id: "T2-12345", answer: "I've passed this to a senior colleague." },
};
const agent = {
  inputs: {
    question: "Where is my refund?",
    conversation: [{ role: "user", content: "Where is my refund?" }],
    customer: { id: "cus_1" },
  },
  output: { answer: "It left on Monday.", tone: "friendly" },
};

describe("suggested prompt and answer paths", () => {
  it("suggests nothing for an op whose fields are not a conversation (ids, codes, one-word labels, documents)", () => {
    expect(suggestPaths(policyCheck)).toBeNull();
    expect(suggestPaths(classify)).toBeNull();
    expect(suggestPaths(search)).toBeNull();
  });

  it("still offers every readable field in the path lists, so a person can choose one", () => {
    expect(pathCandidates(policyCheck).prompt).toContain("inputs.order_id");
    expect(pathCandidates(policyCheck).completion).toContain("output.rule");
  });

  it("suggests a prompt that is a list of chat messages or prose under a prompt's name, and an answer that is prose under an answer's name", () => {
    expect(suggestPaths(agent)).toEqual({ prompt: "inputs.conversation", completion: "output.answer" });
    expect(suggestPaths(summarize)).toEqual({ prompt: "inputs.transcript", completion: "output.summary" });
    expect(suggestPaths(escalate)).toEqual({ prompt: "inputs.question", completion: "output.answer" });
    expect(
      suggestPaths({ inputs: { history: [{ role: "user", content: "hi" }] }, output: "Hello, how can I help?" }),
    ).toEqual({ prompt: "inputs.history", completion: "output" });
  });

  it("takes an assistant message or a choice as the answer under any name, but never a user's message", () => {
    const prompt = { question: "How do refunds work?" };
    expect(
      suggestPaths({ inputs: prompt, output: { reply_message: { role: "assistant", content: "Like this." } } }),
    ).toEqual({ prompt: "inputs.question", completion: "output.reply_message" });
    expect(
      suggestPaths({
        inputs: prompt,
        output: { first: { index: 0, message: { role: "assistant", content: "Like this." } } },
      }),
    ).toEqual({ prompt: "inputs.question", completion: "output.first" });
    expect(
      suggestPaths({ inputs: prompt, output: { echo: { role: "user", content: "How do refunds work?" } } }),
    ).toBeNull();
  });

  it("prefers OpenAI chat's paths when they read", () => {
    const chat = {
      inputs: { messages: [{ role: "user", content: "hi" }] },
      output: { choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "hello" } }] },
    };
    expect(suggestPaths(chat)).toEqual(CHAT_PATHS);
  });

  it("takes prose to be two words or more", () => {
    expect(isProse("Where is it?")).toBe(true);
    expect(isProse("NW-482913")).toBe(false);
    expect(isProse("  refund  ")).toBe(false);
    expect(isProse(42)).toBe(false);
  });
});
