import { describe, expect, it } from "vitest";
import { inProject, paths } from "./paths";

describe("paths", () => {
  it("encodes ids and query values", () => {
    expect(paths.trainingJob("a/b c")).toBe("/training/jobs/a%2Fb%20c");
    expect(paths.trainingModel("model_1")).toBe("/training/models/model_1");
    expect(paths.queue("q?1")).toBe("/queues/q%3F1");
    expect(paths.newTrainingJob("m&1")).toBe("/training/jobs/new?model=m%261");
    expect(paths.newTrainingJob()).toBe("/training/jobs/new");
    expect(paths.playground({ service: "training", model: "wandb-artifact:///e/p/m:step1" })).toBe(
      "/playground?service=training&model=wandb-artifact%3A%2F%2F%2Fe%2Fp%2Fm%3Astep1",
    );
  });
});

describe("inProject", () => {
  it("names the project first, keeps the other parameters and the fragment, and replaces a project already named", () => {
    expect(inProject(paths.queue("q 1"), "demo/support-bot")).toBe(
      "/queues/q%201?annotation_project=demo%2Fsupport-bot",
    );
    expect(inProject(paths.queueItem("q", "i", "state=unstarted&i=3"), "demo/a")).toBe(
      "/queues/q/items/i?annotation_project=demo%2Fa&state=unstarted&i=3",
    );
    expect(inProject("/calls?annotation_project=demo%2Fold&page=2#top", "demo/new")).toBe(
      "/calls?annotation_project=demo%2Fnew&page=2#top",
    );
  });
});
