import { describe, expect, it } from "vitest";
import { pageProject } from "./use-annotation-project";

describe("which project a page works in", () => {
  it("is the chosen one unless the link names another; a name that is no entity/project is said to be so", () => {
    expect(pageProject(null, "demo/support-bot")).toEqual({ kind: "working", project: "demo/support-bot" });
    expect(pageProject(" demo/support-bot ", "demo/support-bot")).toEqual({
      kind: "working",
      project: "demo/support-bot",
    });
    expect(pageProject("", "")).toEqual({ kind: "none" });
    expect(pageProject("demo/claims-bot", "demo/support-bot")).toEqual({
      kind: "other",
      linked: "demo/claims-bot",
      chosen: "demo/support-bot",
    });
    expect(pageProject("demo/claims-bot", "")).toEqual({ kind: "other", linked: "demo/claims-bot", chosen: "" });
    expect(pageProject("claims-bot", "demo/support-bot")).toEqual({
      kind: "unreadable",
      linked: "claims-bot",
      chosen: "demo/support-bot",
    });
  });
});
