import { describe, expect, it } from "vitest";
import { judgeAgreement, judgeAgreementSteps, type JudgeAgreementInput } from "./judge-agreement";

/** Human answers from `{ call: { annotator: value } }`. */
const humansOf = (answers: Record<string, Record<string, unknown>>) =>
  new Map(
    Object.entries(answers).map(([callId, byWho]) => [
      callId,
      Object.entries(byWho).map(([by, value]) => ({ by, value })),
    ]),
  );

const verdictsOf = (verdicts: Record<string, unknown>) => new Map(Object.entries(verdicts));

describe("judge agreement, categories (hand-computed)", () => {
  const input: JudgeAgreementInput = {
    level: "nominal",
    callIds: ["c1", "c2", "c3", "c4", "c5", "c6"],
    humans: humansOf({
      c1: { alice: "good", bob: "good", carol: "ok" }, // team: good
      c2: { alice: "bad", bob: "bad" }, // team: bad
      c3: { alice: "ok", bob: "good" }, // a tie: no team answer
      c4: { alice: "ok", bob: "ok", carol: "ok" }, // team: ok
      c5: { alice: "good" }, // team: good
    }),
    versions: [
      { digest: "v1", verdicts: verdictsOf({ c1: "good", c2: "ok", c3: "good", c4: "ok", c5: "bad", c6: "good" }) },
    ],
    options: ["good", "ok", "bad"],
  };
  const [result] = judgeAgreement(input);

  it("counts every measurable verdict, answered by humans or not", () => {
    expect(result?.digest).toBe("v1");
    expect(result?.verdicts).toBe(6);
  });

  it("against the majority: c1, c2, c4, c5 (c3 tied), 2 of 4 agree, kappa (4·2 - 5) / (16 - 5) = 3/11", () => {
    // Judge: good 1, ok 2, bad 1; team: good 2, bad 1, ok 1. Σ row·col = 1·2 + 2·1 + 1·1 = 5.
    expect(result?.vsMajority).toEqual({
      n: 4,
      accuracy: 0.5,
      kappa: expect.closeTo(3 / 11, 12),
      weightedKappa: null,
      mae: null,
      spearman: null,
    });
  });

  it("against each annotator, most shared calls first", () => {
    const figures = result?.vsAnnotators.map(({ by, figures: f }) => [by, f.n, f.accuracy, f.kappa]);
    expect(figures).toEqual([
      // Judge good 2, ok 2, bad 1; alice good 2, bad 1, ok 2: Σ = 4 + 4 + 1 = 9; (5·2 - 9) / (25 - 9).
      ["alice", 5, 0.4, expect.closeTo(1 / 16, 12)],
      // Judge good 2, ok 2; bob good 2, bad 1, ok 1: Σ = 4 + 2 = 6; (4·3 - 6) / (16 - 6).
      ["bob", 4, 0.75, expect.closeTo(0.6, 12)],
      // Judge good 1, ok 1; carol ok 2: Σ = 2; (2·1 - 2) / (4 - 2) = 0.
      ["carol", 2, 0.5, 0],
    ]);
  });

  it("a confusion matrix of judge (rows) by majority (columns) in the question's order", () => {
    expect(result?.confusion).toEqual({
      labels: ["good", "ok", "bad"],
      values: ["good", "ok", "bad"],
      counts: [
        [1, 0, 0],
        [0, 1, 1],
        [1, 0, 0],
      ],
    });
  });

  it("lists the disagreements in call order with every answer", () => {
    expect(result?.disagreements).toEqual([
      {
        callId: "c2",
        verdict: "ok",
        majority: "bad",
        answers: [
          { by: "alice", value: "bad" },
          { by: "bob", value: "bad" },
        ],
      },
      { callId: "c5", verdict: "bad", majority: "good", answers: [{ by: "alice", value: "good" }] },
    ]);
  });
});

describe("judge agreement, numbers (hand-computed)", () => {
  const [result] = judgeAgreement({
    level: "interval",
    callIds: ["a", "b", "c", "d"],
    humans: humansOf({
      a: { x: 1, y: 2, z: 4 }, // median 2
      b: { x: 3, y: 5 }, // median 4
      c: { x: 10 }, // 10
      d: { x: 2.5, y: 2.5, z: 3 }, // 2.5
    }),
    versions: [{ digest: "v1", verdicts: verdictsOf({ a: 2.5, b: 4, c: 8, d: 2.5 }) }],
  });

  it("takes the median as the team's answer: MAE (0.5 + 0 + 2 + 0) / 4, exact matches 2 of 4", () => {
    expect(result?.vsMajority.n).toBe(4);
    expect(result?.vsMajority.mae).toBe(0.625);
    expect(result?.vsMajority.accuracy).toBe(0.5);
    expect(result?.vsMajority.weightedKappa).toBeNull();
  });

  it("Spearman on average ranks: (1.5, 3, 4, 1.5) against (1, 3, 4, 2) gives 4.5 / √(4.5 · 5) = √0.9", () => {
    expect(result?.vsMajority.spearman).toBeCloseTo(Math.sqrt(0.9), 12);
  });

  it("counts a difference of one or more as a disagreement, and has no confusion matrix", () => {
    expect(result?.disagreements.map((d) => [d.callId, d.verdict, d.majority])).toEqual([["c", 8, 10]]);
    expect(result?.confusion).toBeNull();
  });

  it("against annotator x: (2.5, 1), (4, 3), (8, 10), (2.5, 2.5): MAE 4.5 / 4", () => {
    const x = result?.vsAnnotators.find((a) => a.by === "x");
    expect(x?.figures.n).toBe(4);
    expect(x?.figures.mae).toBe(1.125);
    expect(result?.vsAnnotators.map((a) => a.by)).toEqual(["x", "y", "z"]);
  });
});

describe("judge agreement, ratings with two versions (hand-computed)", () => {
  const input: JudgeAgreementInput = {
    level: "ordinal",
    callIds: ["p", "q", "r", "s", "t"],
    humans: humansOf({
      p: { ann: 4, ben: 4, cat: 5 }, // 4
      q: { ann: 2, ben: 3 }, // tie
      r: { ann: 5, ben: 5 }, // 5
      s: { ann: 1, ben: 1, cat: 2 }, // 1
      t: { ann: "five", ben: null }, // nothing measurable
    }),
    versions: [
      { digest: "v1", verdicts: verdictsOf({ p: 4, q: 3, r: 4, s: 1, t: "five" }) },
      { digest: "v2", verdicts: verdictsOf({ p: 4, q: 2, r: 5, s: 2, t: 3 }) },
    ],
    options: [1, 2, 3, 4, 5],
  };
  const [first, second] = judgeAgreement(input);

  it("first version: (4, 4), (4, 5), (1, 1): accuracy 2/3, kappa 0.5, weighted kappa 14/15, rho √3 / 2", () => {
    // Kappa: judge 4 ×2, 1 ×1; team 4, 5, 1 once each: Σ row·col = 2 + 1 = 3; (3·2 - 3) / (9 - 3).
    // Weighted: mean squared difference 1/3; var 2 + var 26/9 + (3 - 10/3)² = 5; 1 - (1/3) / 5.
    // Rho: ranks (2.5, 2.5, 1) and (2, 3, 1): 1.5 / √(1.5 · 2).
    expect(first?.vsMajority).toEqual({
      n: 3,
      accuracy: expect.closeTo(2 / 3, 12),
      kappa: expect.closeTo(0.5, 12),
      weightedKappa: expect.closeTo(14 / 15, 12),
      mae: expect.closeTo(1 / 3, 12),
      spearman: expect.closeTo(Math.sqrt(3) / 2, 12),
    });
    expect(first?.verdicts).toBe(4); // "five" is no rating
    expect(first?.disagreements.map((d) => d.callId)).toEqual(["r"]);
  });

  it("rates as categories in the confusion matrix, the whole scale kept", () => {
    expect(first?.confusion?.labels).toEqual(["1", "2", "3", "4", "5"]);
    expect(first?.confusion?.counts).toEqual([
      [1, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 1, 1],
      [0, 0, 0, 0, 0],
    ]);
  });

  it("second version: (4, 4), (5, 5), (2, 1): the disagreement moved to s", () => {
    expect(second?.digest).toBe("v2");
    expect(second?.vsMajority.accuracy).toBeCloseTo(2 / 3, 12);
    expect(second?.disagreements.map((d) => [d.callId, d.verdict, d.majority])).toEqual([["s", 2, 1]]);
    expect(second?.verdicts).toBe(5);
  });
});

describe("judge agreement, edge cases", () => {
  it("yes/no: labelled as the review names them; all one answer on both sides leaves kappa undefined", () => {
    const [result] = judgeAgreement({
      level: "nominal",
      callIds: ["a", "b"],
      humans: humansOf({ a: { u: true }, b: { u: true } }),
      versions: [{ digest: "v", verdicts: verdictsOf({ a: true, b: true }) }],
    });
    expect(result?.vsMajority).toMatchObject({ n: 2, accuracy: 1, kappa: null });
    expect(result?.confusion).toEqual({ labels: ["Yes"], values: [true], counts: [[2]] });
  });

  it("gives empty figures, never NaN, with no verdicts or no answers", () => {
    const [result] = judgeAgreement({
      level: "interval",
      callIds: ["a"],
      humans: new Map(),
      versions: [{ digest: "v", verdicts: new Map() }],
    });
    expect(result).toEqual({
      digest: "v",
      vsMajority: { n: 0, accuracy: null, kappa: null, weightedKappa: null, mae: null, spearman: null },
      vsAnnotators: [],
      confusion: null,
      disagreements: [],
      verdicts: 0,
    });
  });

  it("counts an annotator listed twice on one call once", () => {
    const [result] = judgeAgreement({
      level: "nominal",
      callIds: ["a"],
      humans: new Map([
        [
          "a",
          [
            { by: "u", value: "x" },
            { by: "u", value: "y" },
          ],
        ],
      ]),
      versions: [{ digest: "v", verdicts: verdictsOf({ a: "x" }) }],
    });
    expect(result?.vsAnnotators).toEqual([{ by: "u", figures: expect.objectContaining({ n: 1, accuracy: 1 }) }]);
  });

  it("yields at least once every 2,000 calls", () => {
    const callIds = Array.from({ length: 10_000 }, (_, i) => `call-${i}`);
    const steps = judgeAgreementSteps({
      level: "ordinal",
      callIds,
      humans: new Map(callIds.map((id, i) => [id, [{ by: "u", value: (i % 5) + 1 }]])),
      versions: [
        { digest: "v1", verdicts: new Map(callIds.map((id, i) => [id, (i % 4) + 1])) },
        { digest: "v2", verdicts: new Map(callIds.map((id, i) => [id, (i % 5) + 1])) },
      ],
    });
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      step = steps.next();
    }
    // 5 steps reading the answers, then 5 per version (10,000 calls each).
    expect(yields).toBeGreaterThanOrEqual(15);
    expect(step.value.map((v) => v.vsMajority.accuracy)).toEqual([expect.any(Number), 1]);
  });
});
