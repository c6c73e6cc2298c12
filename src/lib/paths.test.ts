import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("encodes ids and query values", () => {
    expect(paths.trainingJob("a/b c")).toBe("/training/jobs/a%2Fb%20c");
    expect(paths.trainingModel("model_1")).toBe("/training/models/model_1");
    expect(paths.queue("q?1")).toBe("/queues/q%3F1");
    expect(paths.newTrainingJob("m&1")).toBe("/training/jobs/new?model=m%261");
    expect(paths.newTrainingJob()).toBe("/training/jobs/new");
    expect(paths.playground({ service: "training", model: "wandb-artifact:///e/p/m:step1" })).toBe("/playground?service=training&model=wandb-artifact%3A%2F%2F%2Fe%2Fp%2Fm%3Astep1");
  });
});
