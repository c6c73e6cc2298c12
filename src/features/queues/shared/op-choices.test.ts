import { describe, expect, it } from "vitest";
import { opChoices, opLabel, readOpFilter } from "./op-choices";

const ref = (name: string, digest: string) => `weave:///demo/support-bot/op/${name}:${digest}`;
const ANSWER_V0 = ref("support_agent.answer", "Q2xAAAAAAAAA");
const ANSWER_V1 = ref("support_agent.answer", "Zz9BBBBBBBBB");
const CLASSIFY = ref("intent.classify", "K1CCCCCCCCCC");

describe("op names", () => {
  it("orders the choices as every name column: case ignored, numbers by value", () => {
    const labels = opChoices(["Zeta", "op10", "alpha", "op9"].map((name) => ref(name, "d1"))).map((c) => c.label);
    expect(labels).toEqual(["alpha", "op9", "op10", "Zeta"]);
  });

  it("labels a name with one version by the name alone, and several versions by v-number or digest", () => {
    expect(opChoices([CLASSIFY, ANSWER_V0, ANSWER_V1]).map((c) => c.label)).toEqual([
      "intent.classify",
      "support_agent.answer:Q2xAAAA",
      "support_agent.answer:Zz9BBBB",
    ]);
    const versions = new Map([
      [ANSWER_V0, 0],
      [ANSWER_V1, 1],
      [CLASSIFY, 0],
    ]);
    expect(opChoices([CLASSIFY, ANSWER_V0, ANSWER_V1], versions).map((c) => c.label)).toEqual([
      "intent.classify",
      "support_agent.answer:v0",
      "support_agent.answer:v1",
    ]);
  });

  it("counts the project's other versions, so a label does not change as more of a queue is read", () => {
    const versions = new Map([
      [ANSWER_V0, 0],
      [ANSWER_V1, 1],
    ]);
    expect(opChoices([ANSWER_V1], versions)).toEqual([
      { ref: ANSWER_V1, name: "support_agent.answer", label: "support_agent.answer:v1" },
    ]);
    expect(opChoices([ANSWER_V1])).toEqual([
      { ref: ANSWER_V1, name: "support_agent.answer", label: "support_agent.answer" },
    ]);
  });

  it("reads what was typed: a label, a ref, a bare name, any case; an ambiguous name lists its versions", () => {
    const choices = opChoices(
      [CLASSIFY, ANSWER_V0, ANSWER_V1],
      new Map([
        [ANSWER_V0, 0],
        [ANSWER_V1, 1],
      ]),
    );
    expect(readOpFilter("intent.classify", choices)).toEqual({ kind: "ref", ref: CLASSIFY });
    expect(readOpFilter("  Intent.Classify ", choices)).toEqual({ kind: "ref", ref: CLASSIFY });
    expect(readOpFilter("support_agent.answer:v1", choices)).toEqual({ kind: "ref", ref: ANSWER_V1 });
    expect(readOpFilter(ANSWER_V0, choices)).toEqual({ kind: "ref", ref: ANSWER_V0 });
    expect(readOpFilter("support_agent.answer", choices)).toEqual({
      kind: "ambiguous",
      name: "support_agent.answer",
      labels: ["support_agent.answer:v0", "support_agent.answer:v1"],
    });
    expect(readOpFilter("weave:///demo/support-bot/op/unseen:abc", choices)).toEqual({
      kind: "as-typed",
      text: "weave:///demo/support-bot/op/unseen:abc",
    });
    expect(readOpFilter("", choices)).toEqual({ kind: "as-typed", text: "" });
  });

  it("shows a committed ref by its label, an unknown ref by its name, other text as it is", () => {
    const choices = opChoices([ANSWER_V0, ANSWER_V1]);
    expect(opLabel(ANSWER_V1, choices)).toBe("support_agent.answer:Zz9BBBB");
    expect(opLabel(CLASSIFY, choices)).toBe("intent.classify");
    expect(opLabel("typed text", choices)).toBe("typed text");
  });
});
