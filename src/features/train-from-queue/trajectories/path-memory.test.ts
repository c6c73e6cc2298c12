import { describe, expect, it } from "vitest";
import { CHAT_PATHS } from "./conversation";
import { opKey, pathsForOp, PATHS_STORAGE_KEY, readRememberedPaths, rememberPaths } from "./path-memory";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe("paths remembered per op", () => {
  it("keys an op without its version, so a new version starts with the same paths", () => {
    expect(opKey("weave:///demo/support-bot/op/support_agent.answer:abc123")).toBe(
      "weave:///demo/support-bot/op/support_agent.answer",
    );
    const storage = memoryStorage();
    expect(
      rememberPaths(storage, "weave:///demo/p/op/agent:v1digest", {
        prompt: "inputs.conversation",
        completion: "output.answer",
      }),
    ).toBe(true);
    const lookup = pathsForOp(readRememberedPaths(storage));
    expect(lookup("weave:///demo/p/op/agent:v2digest")).toEqual({
      prompt: "inputs.conversation",
      completion: "output.answer",
    });
    expect(lookup("weave:///demo/p/op/other:x")).toEqual(CHAT_PATHS);
  });

  it("forgets an op set back to the chat paths, and ignores damaged storage", () => {
    const storage = memoryStorage();
    rememberPaths(storage, "weave:///e/p/op/a:1", { prompt: "inputs.q", completion: "output" });
    rememberPaths(storage, "weave:///e/p/op/a:1", CHAT_PATHS);
    expect(readRememberedPaths(storage)).toEqual({});
    storage.setItem(PATHS_STORAGE_KEY, "{not json");
    expect(readRememberedPaths(storage)).toEqual({});
    storage.setItem(PATHS_STORAGE_KEY, JSON.stringify({ x: { prompt: "" } }));
    expect(readRememberedPaths(storage)).toEqual({});
  });

  it("does not store a path typed empty, which would cost every other op its paths on reading", () => {
    const storage = memoryStorage();
    rememberPaths(storage, "weave:///e/p/op/a:1", { prompt: "inputs.q", completion: "output.answer" });
    rememberPaths(storage, "weave:///e/p/op/b:1", { prompt: "", completion: "output.answer" });
    expect(readRememberedPaths(storage)).toEqual({
      "weave:///e/p/op/a": { prompt: "inputs.q", completion: "output.answer" },
    });
  });
});
