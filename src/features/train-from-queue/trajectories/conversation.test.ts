import { describe, expect, it } from "vitest";
import { Trajectory } from "@contract/training";
import { parsePath, readPath } from "@/lib/call-paths";
import { CHAT_PATHS, conversationOf } from "./conversation";
import { pathCandidates, suggestPaths } from "./path-suggestions";

const chatCall = {
  inputs: {
    model: "gpt-4o-mini",
    messages: [
      { role: "system", content: "Be kind." },
      { role: "user", content: "Where is my refund?" },
    ],
  },
  output: {
    id: "chatcmpl-1",
    choices: [{ index: 0, message: { role: "assistant", content: "On its way." }, finish_reason: "stop" }],
  },
};
// The seeded support answers: the conversation in inputs, the answer as text in the output.
const agentCall = {
  inputs: {
    question: "Where is my refund?",
    conversation: [{ role: "user", content: "Where is my refund?" }],
    customer: { id: "c1" },
  },
  output: { answer: "Refunds take 5 days.", citations: ["kb-1"], confidence: 0.8 },
};

describe("paths into a call", () => {
  it("reads dotted paths and [n] indexes, and nothing outside inputs and output", () => {
    expect(parsePath("output.choices[0].message")).toEqual(["output", "choices", "0", "message"]);
    expect(parsePath(" inputs.messages ")).toEqual(["inputs", "messages"]);
    expect(parsePath("summary.usage")).toBeNull();
    expect(parsePath("")).toBeNull();
    expect(readPath(chatCall, ["output", "choices", "0", "message", "content"])).toBe("On its way.");
    expect(readPath(chatCall, ["output", "choices", "x"])).toBeUndefined();
    expect(readPath(chatCall, ["inputs", "model", "length"])).toBeUndefined();
    // Inherited properties are not fields of the call.
    expect(readPath({ inputs: {} }, ["inputs", "constructor"])).toBeUndefined();
  });
});

describe("a call's conversation", () => {
  it("takes an OpenAI chat call's messages and its first choice, a valid trajectory", () => {
    const conversation = conversationOf(chatCall);
    expect(conversation).toEqual({
      ok: true,
      prompt: chatCall.inputs.messages,
      choice: chatCall.output.choices[0],
      messagesAndChoices: [...chatCall.inputs.messages, chatCall.output.choices[0]],
    });
    expect(
      conversation.ok &&
        Trajectory.safeParse({ messages_and_choices: conversation.messagesAndChoices, reward: 1 }).success,
    ).toBe(true);
  });

  it("maps other shapes by their paths: a list of messages and a text answer made a choice", () => {
    const conversation = conversationOf(agentCall, { prompt: "inputs.conversation", completion: "output.answer" });
    expect(conversation).toMatchObject({
      ok: true,
      messagesAndChoices: [
        { role: "user", content: "Where is my refund?" },
        { index: 0, finish_reason: "stop", message: { role: "assistant", content: "Refunds take 5 days." } },
      ],
    });
  });

  it("takes a text prompt as the user's message and a message object as the answer", () => {
    const call = { inputs: { transcript: "Customer: hi" }, output: { reply: { role: "assistant", content: "Hello" } } };
    expect(conversationOf(call, { prompt: "inputs.transcript", completion: "output.reply" })).toMatchObject({
      ok: true,
      messagesAndChoices: [
        { role: "user", content: "Customer: hi" },
        { message: { role: "assistant", content: "Hello" } },
      ],
    });
  });

  it.each([
    [{ inputs: { question: "q" }, output: chatCall.output }, CHAT_PATHS, "no-messages", "inputs.messages is missing"],
    [
      { inputs: { messages: [] }, output: chatCall.output },
      CHAT_PATHS,
      "no-messages",
      "inputs.messages is an empty list",
    ],
    [
      { inputs: { messages: [{ role: "user", content: "q" }, { text: "x" }] }, output: chatCall.output },
      CHAT_PATHS,
      "no-messages",
      "item 1 is not a chat message",
    ],
    [{ inputs: { messages: 42 } }, CHAT_PATHS, "no-messages", "neither a list of chat messages nor text"],
    [{ inputs: chatCall.inputs, output: null }, CHAT_PATHS, "no-output", "output.choices.0 is missing"],
    [
      { inputs: chatCall.inputs, output: { choices: [] } },
      { ...CHAT_PATHS, completion: "output" },
      "no-output",
      "output has no choices",
    ],
    [
      { inputs: chatCall.inputs, output: { answer: "  " } },
      { ...CHAT_PATHS, completion: "output.answer" },
      "no-output",
      "output.answer is empty text",
    ],
    [chatCall, { prompt: "summary.x", completion: "output" }, "no-messages", "does not start with inputs or output"],
  ])("says why a call has no conversation (%#)", (call, paths, reason, detail) => {
    const conversation = conversationOf(call, paths);
    expect(conversation).toMatchObject({ ok: false, reason });
    expect(conversation.ok ? "" : conversation.detail).toContain(detail);
  });
});

describe("path suggestions", () => {
  it("keeps the chat paths for chat calls", () => {
    expect(suggestPaths(chatCall)).toEqual(CHAT_PATHS);
  });

  it("finds the conversation and the answer of other calls, best first", () => {
    expect(suggestPaths(agentCall)).toEqual({ prompt: "inputs.conversation", completion: "output.answer" });
    expect(pathCandidates(agentCall)).toEqual({
      prompt: ["inputs.conversation", "inputs.question"],
      completion: ["output.answer"],
    });
    expect(pathCandidates({ inputs: { transcript: "t" }, output: "plain" })).toEqual({
      prompt: ["inputs.transcript"],
      completion: ["output"],
    });
  });
});
