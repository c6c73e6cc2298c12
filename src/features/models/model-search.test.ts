import { describe, expect, it } from "vitest";
import { matchModelId, matchesQuery, queryTokens, splitByRanges } from "./model-search";

const LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct";

describe("the model search matcher", () => {
  it("matches 'llama 70b' to Llama 3.3 70B: words in any order, any case", () => {
    expect(matchesQuery(LLAMA_70B, "llama 70b")).toBe(true);
    expect(matchesQuery(LLAMA_70B, "70B LLAMA")).toBe(true);
    expect(matchesQuery(LLAMA_70B, "  instruct   meta ")).toBe(true);
  });

  it("needs every word to match", () => {
    expect(matchesQuery(LLAMA_70B, "llama 8b")).toBe(false);
    expect(matchesQuery("meta-llama/Llama-3.1-8B-Instruct", "llama 70b")).toBe(false);
  });

  it("tolerates missing or different punctuation", () => {
    expect(matchesQuery(LLAMA_70B, "llama33")).toBe(true);
    expect(matchesQuery(LLAMA_70B, "llama 3.3")).toBe(true);
    expect(matchesQuery("openai/gpt-oss-120b", "gptoss 120")).toBe(true);
    expect(matchesQuery("openai/gpt-oss-120b", "gpt oss")).toBe(true);
    expect(matchesQuery("Qwen/Qwen3-Coder-480B-A35B-Instruct", "qwen3 coder")).toBe(true);
    expect(matchesQuery("Qwen/Qwen3-Coder-480B-A35B-Instruct", "qwen3_coder")).toBe(true);
  });

  it("matches the provider part and slashes too", () => {
    expect(matchesQuery("deepseek-ai/DeepSeek-V3.1", "deepseek-ai/")).toBe(true);
    expect(matchesQuery("deepseek-ai/DeepSeek-V3.1", "/")).toBe(true);
    expect(matchesQuery("gpt-4o", "/")).toBe(false);
  });

  it("matches everything for an empty query, and nothing for punctuation that is absent", () => {
    expect(matchModelId(LLAMA_70B, "")).toEqual([]);
    expect(matchModelId(LLAMA_70B, "   ")).toEqual([]);
    expect(matchModelId(LLAMA_70B, "#")).toBeNull();
  });

  it("returns merged, ordered ranges for highlighting", () => {
    expect(matchModelId(LLAMA_70B, "70b llama")).toEqual([
      [5, 10],
      [21, 24],
    ]);
    // "llama33" matches "Llama-3.3" without its punctuation: the range spans the original text.
    expect(matchModelId(LLAMA_70B, "llama33")).toEqual([[11, 20]]);
    expect(matchModelId("aaaa", "aa aaa")).toEqual([[0, 3]]);
  });

  it("splits text into plain and matched pieces", () => {
    expect(splitByRanges("openai/gpt-oss-20b", [[7, 10]])).toEqual([
      { text: "openai/", matched: false },
      { text: "gpt", matched: true },
      { text: "-oss-20b", matched: false },
    ]);
    expect(splitByRanges("abc", [])).toEqual([{ text: "abc", matched: false }]);
  });

  it("tokenises on any whitespace", () => {
    expect(queryTokens(" Llama\t70B\n")).toEqual(["llama", "70b"]);
  });
});
