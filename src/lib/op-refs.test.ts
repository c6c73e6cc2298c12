import { describe, expect, it } from "vitest";
import { opRef, parseOpRef, shortOpName, versionLabel } from "./op-refs";

describe("op refs", () => {
  it("reads an op ref's parts, with or without a digest, and nothing else as one", () => {
    expect(parseOpRef("weave:///demo/support-bot/op/support_agent.answer:Q2x")).toEqual({
      entity: "demo",
      project: "support-bot",
      name: "support_agent.answer",
      digest: "Q2x",
    });
    expect(parseOpRef("weave:///e/p/op/plain")).toEqual({ entity: "e", project: "p", name: "plain", digest: "" });
    expect(parseOpRef(opRef("e/p", "respond", "*"))).toEqual({
      entity: "e",
      project: "p",
      name: "respond",
      digest: "*",
    });
    expect(parseOpRef("support_agent.answer")).toBeNull();
    expect(parseOpRef("weave:///e/p/object/spec:abc")).toBeNull();
  });

  it("labels a version by its number, else by the digest's first characters", () => {
    expect(versionLabel({ digest: "Q2xAAAAAAA", index: 2 })).toBe("v2");
    expect(versionLabel({ digest: "Q2xAAAAAAA", index: null })).toBe("Q2xAAAA");
    expect(versionLabel({ digest: "Q2xAAAAAAA", index: undefined })).toBe("Q2xAAAA");
  });

  it("shortens op refs to the op's name and leaves other names alone", () => {
    expect(shortOpName("weave:///demo/support-bot/op/support_agent.answer:Q2xhYmNkZWY")).toBe("support_agent.answer");
    expect(shortOpName("weave:///demo/support-bot/op/retriever.search")).toBe("retriever.search");
    expect(shortOpName("my_function")).toBe("my_function");
  });
});
