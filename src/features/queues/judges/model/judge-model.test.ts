import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import { readReply } from "./parse-reply";
import {
  placeholdersOf,
  CUT_MARK,
  FIELD_CHAR_LIMIT,
  judgeMessages,
  missingFields,
  renderPrompt,
  templateProblems,
} from "./prompt-template";
import { failureRequest, outcomesByVersion, verdictRequest, versionKey } from "./verdicts";

const CALL = { inputs: { messages: [{ role: "user", content: "Refund?" }] }, output: { answer: "Yes", score: 2 } };
const QUESTION = { label: "Helpful", description: "Is it helpful?" };
const CHOICE = { type: "string", enum: ["good", "bad"] };
const JUDGE = { id: "judge-h", ref: "weave:///e/p/object/judge-h:d1" };

describe("prompt template", () => {
  it("fills the question, its description and call paths; strings as they are, anything else as JSON", () => {
    expect(
      renderPrompt(
        "{{question}}: {{description}} {{output.answer}} {{output.score}} {{inputs.messages.0}}",
        QUESTION,
        CALL,
      ),
    ).toBe('Helpful: Is it helpful? Yes 2 {"role":"user","content":"Refund?"}');
  });

  it("names the paths a call lacks, and placeholders that are no path at all", () => {
    expect(missingFields("{{question}} {{output.answer}} {{inputs.context}}", CALL)).toEqual(["inputs.context"]);
    expect(templateProblems("{{answer}} {{output}}").map((p) => p.placeholder)).toEqual(["answer"]);
  });

  it("cuts a long value and sends the call's inputs and output as the user message, as upstream does", () => {
    const long = { inputs: { text: "x".repeat(FIELD_CHAR_LIMIT + 10) }, output: "o" };
    const [system, user] = judgeMessages("{{inputs.text}}", QUESTION, long);
    expect(system?.content).toHaveLength(FIELD_CHAR_LIMIT + CUT_MARK.length);
    expect(user?.role).toBe("user");
    expect(user?.content).toContain('"output": o');
  });
});

describe("placeholders in a pasted prompt", () => {
  // The old pattern backtracked in cubic time here: 20,000 spaces after an unclosed "{{" took hours.
  it("reads an unclosed {{ before a long run of spaces as no placeholder, and spaces inside braces as padding", () => {
    expect(placeholdersOf(`{{${" ".repeat(20_000)}`)).toEqual([]);
    expect(placeholdersOf("{{ question }} and {{output.answer}}")).toEqual(["question", "output.answer"]);
  });
});

describe("reading a reply", () => {
  it("takes JSON with an answer the question accepts as a verdict", () => {
    expect(readReply('{"reasoning":"clear","answer":"good"}', "stop", CHOICE)).toEqual({
      ok: true,
      answer: "good",
      reasoning: "clear",
    });
  });

  it("refuses prose, a missing answer, an answer out of the question's options and a cut reply", () => {
    expect(readReply("It is good.", "stop", CHOICE)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("prose"),
    });
    expect(readReply('{"reasoning":"x"}', "stop", CHOICE)).toMatchObject({ ok: false });
    expect(readReply('{"reasoning":"x","answer":"meh"}', "stop", CHOICE)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("does not fit"),
    });
    expect(readReply('{"reasoning":"x","answer":"good"}', "length", CHOICE)).toMatchObject({ ok: false });
  });
});

const row = (over: Record<string, unknown>): Feedback =>
  ({
    id: "f",
    project_id: "e/p",
    weave_ref: "weave:///e/p/call/c1",
    wb_user_id: "u",
    created_at: "2026-11-20T10:00:00Z",
    feedback_type: "wandb.runnable.judge-h",
    payload: {},
    ...over,
  }) as Feedback;

describe("verdicts and failures", () => {
  it("writes a verdict as upstream's runnable feedback and a failure with the ref in its payload", () => {
    const verdict = verdictRequest("e/p", JUDGE, "c1", { answer: "good", reasoning: "r" });
    expect(verdict).toEqual({
      project_id: "e/p",
      weave_ref: "weave:///e/p/call/c1",
      feedback_type: "wandb.runnable.judge-h",
      runnable_ref: JUDGE.ref,
      payload: { output: { answer: "good", reasoning: "r" } },
    });
    const failure = failureRequest("e/p", JUDGE, "c1", { kind: "malformed", reason: "x".repeat(900) });
    expect(failure).not.toHaveProperty("runnable_ref");
    expect(failure.payload).toMatchObject({ runnable_ref: JUDGE.ref, kind: "malformed" });
    expect(String(failure.payload.reason)).toHaveLength(500);
  });

  it("keeps per version and call the verdict over a failure, whatever came first", () => {
    const verdict = verdictRequest("e/p", JUDGE, "c1", { answer: "bad", reasoning: "" });
    const failure = failureRequest("e/p", JUDGE, "c1", { kind: "refused", reason: "no" });
    const rows = [
      row({ id: "1", ...verdict, created_at: "2026-11-20T10:00:00Z" }),
      row({ id: "2", ...failure, created_at: "2026-11-20T11:00:00Z" }),
      row({ id: "3", ...failureRequest("e/p", JUDGE, "c2", { kind: "missing_field", reason: "m" }) }),
      row({ id: "4", feedback_type: "wandb.annotation.tone", payload: { value: 1 } }),
    ];
    const byVersion = outcomesByVersion(rows);
    const outcomes = byVersion.get(versionKey("judge-h", "d1"))!;
    expect(outcomes.get("c1")).toMatchObject({ kind: "verdict", answer: "bad" });
    expect(outcomes.get("c2")).toMatchObject({ kind: "failure", failure: "missing_field" });
    expect(byVersion.size).toBe(1);
  });
});
