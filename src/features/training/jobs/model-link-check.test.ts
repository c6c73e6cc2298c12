import { describe, expect, it } from "vitest";
import { firstTrainedStep, judgeModelLink } from "./model-link-check";

const started = { id: "evt_1", type: "training_started", data: { num_sequences: 3 } };
const step = (n: number, reward: number) => ({
  id: `evt_${n + 1}`,
  type: "gradient_step",
  data: { step: n, reward, loss: 0.5 },
});

describe("which model a job trains", () => {
  it("reads the first gradient step's model step and figures", () => {
    expect(firstTrainedStep([started, step(81, 0.4), step(82, 0.6)])).toEqual({
      step: 81,
      metrics: { reward: 0.4, loss: 0.5 },
    });
    expect(firstTrainedStep([started])).toBeNull();
  });

  it("confirms on equal figures, refutes on other figures, and cannot confirm without a step or a checkpoint", () => {
    const trained = { step: 81, metrics: { reward: 0.4, loss: 0.5 } };
    expect(judgeModelLink(trained, { id: "c", step: 81, metrics: { reward: 0.4, loss: 0.5 } }, "m")).toEqual({
      kind: "confirmed",
      step: 81,
    });
    expect(judgeModelLink(trained, { id: "c", step: 81, metrics: { reward: 0.41, loss: 0.5 } }, "m")).toEqual({
      kind: "mismatch",
      step: 81,
    });
    expect(judgeModelLink(trained, null, "support-rl")).toEqual({
      kind: "unconfirmed",
      reason: expect.stringMatching(/^support-rl has no checkpoint at step 81/),
    });
    expect(judgeModelLink(null, null, "m").kind).toBe("unconfirmed");
    // No figure in common proves nothing.
    expect(judgeModelLink(trained, { id: "c", step: 81, metrics: { accuracy: 1 } }, "m").kind).toBe("unconfirmed");
  });
});
