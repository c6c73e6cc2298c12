import { describe, expect, it } from "vitest";
import { defaultDisplayFields, flattenCallPaths, MAX_PATHS, SAMPLE_CALLS, sampleOfChosen } from "./display-field-paths";
import { inputsPreview, outputPreview, previewValue } from "./value-preview";

const chat = {
  inputs: { messages: [{ role: "user", content: "Where is my refund?" }], model: "gpt" },
  output: { choices: [{ message: { role: "assistant", content: "On its way." } }] },
};

describe("display field paths from calls", () => {
  it("flattens inputs and output into dotted paths with a preview of each value", () => {
    const paths = flattenCallPaths([chat]);
    expect(paths.map((p) => p.path)).toEqual([
      "inputs.messages",
      "inputs.messages.0",
      "inputs.messages.0.role",
      "inputs.messages.0.content",
      "inputs.model",
      "output",
      "output.choices",
      "output.choices.0",
      "output.choices.0.message",
      "output.choices.0.message.role",
      "output.choices.0.message.content",
    ]);
    expect(paths.find((p) => p.path === "output.choices.0.message.content")?.preview).toBe("On its way.");
    expect(paths.find((p) => p.path === "inputs.messages")?.preview).toBe(
      '[{role: "user", content: "Where is my refund?"}]',
    );
  });

  it("counts how many sampled calls have each path", () => {
    const paths = flattenCallPaths([chat, { inputs: { model: "x" }, output: "plain" }]);
    expect(paths.find((p) => p.path === "inputs.model")?.count).toBe(2);
    expect(paths.find((p) => p.path === "inputs.messages")?.count).toBe(1);
    expect(paths.find((p) => p.path === "output")?.count).toBe(2);
  });

  it("stays bounded for a huge or deeply nested call", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 3000; i++) deep = { next: deep };
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, { a: i, b: [i, i, i, i] }]));
    const paths = flattenCallPaths([{ inputs: { deep, wide }, output: null }]);
    expect(paths.length).toBeLessThanOrEqual(MAX_PATHS);
    expect(paths.some((p) => p.path === "inputs.deep.next.next")).toBe(true);
    expect(paths.some((p) => p.path.split(".").length > 8)).toBe(false);
    const hugeKey = flattenCallPaths([{ inputs: { ["k".repeat(2_000_000)]: { a: 1 }, ok: 1 }, output: null }]);
    expect(hugeKey.map((p) => p.path)).toEqual(["inputs.ok"]);
  });

  it("ticks the usual chat paths first, else the top-level inputs and the output", () => {
    expect(defaultDisplayFields(flattenCallPaths([chat]))).toEqual([
      "inputs.messages",
      "output.choices.0.message.content",
    ]);
    expect(
      defaultDisplayFields(flattenCallPaths([{ inputs: { a: 1, b: 2, c: 3, d: 4 }, output: { score: 1 } }])),
    ).toEqual(["inputs.a", "inputs.b", "inputs.c", "output"]);
    expect(defaultDisplayFields([])).toEqual([]);
  });

  it("ticks the main input beside a preferred output: the weave SDKs record positional arguments as inputs.arg0, arg1…", () => {
    // What the TypeScript SDK records for `chat("Where is my refund?")` returning a chat completion.
    const sdkCall = {
      inputs: { arg0: "Where is my refund?" },
      output: { choices: [{ message: { role: "assistant", content: "On its way." } }] },
    };
    expect(defaultDisplayFields(flattenCallPaths([sdkCall]))).toEqual([
      "inputs.arg0",
      "output.choices.0.message.content",
    ]);
    // The first input holding text, not a leading option or count.
    const withOptions = {
      inputs: { arg0: { temperature: 0 }, arg1: 3, arg2: "Summarise the claim" },
      output: { answer: "Done." },
    };
    expect(defaultDisplayFields(flattenCallPaths([withOptions]))).toEqual(["inputs.arg2", "output.answer"]);
    // No text at all: the first input.
    expect(defaultDisplayFields(flattenCallPaths([{ inputs: { id: 7, limit: 2 }, output: { text: "ok" } }]))).toEqual([
      "inputs.id",
      "output.text",
    ]);
    // A preferred input is enough: nothing else is added.
    expect(
      defaultDisplayFields(
        flattenCallPaths([{ inputs: { question: "Why?", arg1: "x" }, output: { answer: "Because." } }]),
      ),
    ).toEqual(["inputs.question", "output.answer"]);
  });
});

describe("one-line previews", () => {
  it("shows strings bare, values as compact JSON, on one line", () => {
    expect(previewValue("two\nlines")).toBe("two lines");
    expect(previewValue({ a: 1, b: [true, null] })).toBe("{a: 1, b: [true, null]}");
    expect(previewValue(null)).toBe("");
  });

  it("cuts long values at the budget without serialising the whole value", () => {
    const huge = { text: "x".repeat(5_000_000) };
    const preview = previewValue(huge, 40);
    expect(preview).toHaveLength(41);
    expect(preview.endsWith("…")).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = [deep];
    expect(previewValue(deep)).toBe(`${"[".repeat(12)}[…]${"]".repeat(12)}`);
  });
});

describe("previews of what a call was asked and answered", () => {
  it("shows the last chat message and the completion's text", () => {
    expect(
      inputsPreview({
        messages: [
          { role: "system", content: "Be kind" },
          { role: "user", content: "Where is\nmy refund?" },
        ],
      }),
    ).toBe("user: Where is my refund?");
    expect(inputsPreview({ question: "Why?" })).toBe('{question: "Why?"}');
    expect(inputsPreview(null)).toBe("");
    expect(outputPreview(chat.output)).toBe("On its way.");
    expect(outputPreview({ answer: "Yes", score: 1 })).toBe("Yes");
    expect(outputPreview("plain")).toBe("plain");
    expect(outputPreview([1, 2])).toBe("[1, 2]");
  });
});

const row = (id: string) => ({
  id,
  project_id: "p",
  op_name: "op",
  trace_id: "t",
  started_at: "2026-01-01T00:00:00Z",
});
const previewed = (id: string) => ({ ...row(id), inputs: { question: id }, output: { answer: id } });

describe("the chosen calls display fields are offered from", () => {
  it("takes each as the page shows it now, and those with inputs and output first", () => {
    // Pages chosen whole and left before their inputs and outputs came, then a page whose calls have them.
    const chosen = [...Array.from({ length: 25 }, (_, i) => row(`left-${i}`)), row("here-1"), row("here-2")];
    const sample = sampleOfChosen(chosen as never[], [previewed("here-1"), previewed("here-2")] as never[]);
    expect(sample).toHaveLength(SAMPLE_CALLS);
    expect(sample.slice(0, 2).map((call) => call.id)).toEqual(["here-1", "here-2"]);
    expect(flattenCallPaths(sample).map((p) => p.path)).toContain("inputs.question");
  });

  it("keeps the order chosen when none has them yet", () => {
    const sample = sampleOfChosen([row("a"), row("b")] as never[], []);
    expect(sample.map((call) => call.id)).toEqual(["a", "b"]);
  });
});
