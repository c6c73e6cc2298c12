import { describe, expect, it } from "vitest";
import { choiceIssues, parseJudge, readChoices, writeChoices, type TrainChoices } from "./train-url-state";

describe("the Train page's choices in the URL", () => {
  it("starts from the defaults", () => {
    expect(readChoices(new URLSearchParams())).toEqual({
      spec: null,
      mapping: null,
      annotators: { kind: "mean" },
      judge: null,
      states: ["completed"],
      grouping: { by: "input", size: 4, singletons: "drop" },
      model: { kind: "existing", id: "" },
      threshold: "0.5",
      ops: {},
    });
    expect(writeChoices(readChoices(new URLSearchParams())).toString()).toBe("");
  });

  it("keeps every choice through a round trip", () => {
    const choices: TrainChoices = {
      spec: "resolution",
      mapping: { kind: "categorical", values: { Resolved: 1, "Made it worse": -1 } },
      annotators: { kind: "one", userId: "user-maria" },
      judge: { id: "judge-helpfulness", digest: "Xk3_9-abc" },
      states: ["completed", "in_progress"],
      grouping: { by: "fixed", size: 8, singletons: "keep" },
      model: { kind: "new", project: "support-bot", name: "tone-rl", base: "Qwen/Qwen2.5-7B-Instruct" },
      threshold: "0.8",
      ops: { "refund_policy.check": "out", classify_intent: "in", "odd,name": "out" },
    };
    expect(readChoices(writeChoices(choices))).toEqual(choices);
  });

  it("keeps which ops are left out or included by hand, and ignores what it cannot read", () => {
    expect(
      writeChoices({
        ...readChoices(new URLSearchParams()),
        ops: { "refund_policy.check": "out", classify_intent: "in" },
      }).get("ops"),
    ).toBe("-refund_policy.check,+classify_intent");
    expect(readChoices(new URLSearchParams({ ops: "-a,+b,c,-,+%E0%A4%A,-d%2Ce" })).ops).toEqual({
      a: "out",
      b: "in",
      "d,e": "out",
    });
  });

  it("falls back to defaults for anything unreadable", () => {
    const choices = readChoices(
      new URLSearchParams("mapping={bad&states=nope&group=round&size=1000&who=user:&singles=maybe"),
    );
    expect(choices).toMatchObject({
      mapping: null,
      states: ["completed"],
      grouping: { by: "input", size: 4, singletons: "drop" },
      annotators: { kind: "mean" },
    });
    expect(
      readChoices(new URLSearchParams({ mapping: JSON.stringify({ kind: "yes-no", yes: "1", no: 0 }) })).mapping,
    ).toBeNull();
  });

  it("takes a new model's base only from the supported list: another would show as the first one but be sent as itself", () => {
    const params = new URLSearchParams({
      model: "new",
      project: "support-bot",
      name: "x-rl",
      base: "meta/llama-unsupported",
    });
    expect(readChoices(params).model).toEqual({
      kind: "new",
      project: "support-bot",
      name: "x-rl",
      base: "OpenPipe/Qwen3-14B-Instruct",
    });
  });

  it("keeps the judge as `judge=<id>` (its latest version) or `judge=<id>:<digest>` (one version)", () => {
    const defaults = readChoices(new URLSearchParams());
    expect(writeChoices({ ...defaults, judge: { id: "judge-tone", digest: null } }).get("judge")).toBe("judge-tone");
    expect(writeChoices({ ...defaults, judge: { id: "judge-tone", digest: "d1" } }).get("judge")).toBe("judge-tone:d1");
    expect(readChoices(new URLSearchParams("judge=judge-tone")).judge).toEqual({ id: "judge-tone", digest: null });
    expect(readChoices(new URLSearchParams("judge=judge-tone:d1")).judge).toEqual({ id: "judge-tone", digest: "d1" });
    expect(choiceIssues(new URLSearchParams("judge=judge-tone:d1"))).toEqual([]);
  });

  it("drops a judge it cannot read, and says so for the page's notice", () => {
    for (const raw of ["judge-tone:", ":d1", "judge tone", "judge-tone:d1:d2", "<b>x</b>", "j".repeat(129)]) {
      expect(parseJudge(raw)).toBe("invalid");
      const params = new URLSearchParams({ judge: raw });
      expect(readChoices(params).judge).toBeNull();
      expect(choiceIssues(params)).toEqual([
        {
          param: "judge",
          value: raw.length > 80 ? `${raw.slice(0, 79)}…` : raw,
          reason: "not a judge (expected <judge id> or <judge id>:<digest>)",
        },
      ]);
    }
    expect(choiceIssues(new URLSearchParams())).toEqual([]);
  });
});
