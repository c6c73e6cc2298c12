import { describe, expect, it } from "vitest";
import { INFERENCE_MODEL_IDS } from "@server/inference/catalog";
import { FACT_SOURCES, FACTS_READ_ON, KNOWN_MODEL_FACTS } from "./known-model-facts";
import { contextSortValue, factsFor, formatParameters, formatUsd, usedSources } from "./model-facts";

describe("known model facts", () => {
  it("are found by the exact ID only", () => {
    expect(factsFor("meta-llama/Llama-3.3-70B-Instruct")?.pricePerMillion).toEqual({
      input: 0.71,
      output: 0.71,
      source: "llama33Page",
    });
    expect(factsFor("meta-llama/llama-3.3-70b-instruct")).toBeUndefined();
    expect(factsFor("meta-llama/Llama-3.3-70B-Instruct ")).toBeUndefined();
    expect(factsFor("Llama-3.3-70B-Instruct")).toBeUndefined();
    // Inherited object properties are not facts.
    expect(factsFor("toString")).toBeUndefined();
    expect(factsFor("__proto__")).toBeUndefined();
  });

  it("are absent for a listed model no source describes", () => {
    expect(INFERENCE_MODEL_IDS).toContain("MiniMaxAI/MiniMax-M2.5");
    expect(factsFor("MiniMaxAI/MiniMax-M2.5")).toBeUndefined();
  });

  it("carry a date and a source with an https address for every figure", () => {
    expect(FACTS_READ_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const [id, facts] of Object.entries(KNOWN_MODEL_FACTS)) {
      const sources = [facts.contextWindow, facts.parameters, facts.pricePerMillion]
        .filter((f) => f !== undefined)
        .map((f) => f.source);
      expect({ id, sources: sources.length > 0 }).toEqual({ id, sources: true });
      for (const source of sources) expect(FACT_SOURCES[source].url).toMatch(/^https:\/\//);
    }
    expect(usedSources().length).toBe(Object.keys(FACT_SOURCES).length);
  });

  it("formats prices, parameters and context for display and sorting", () => {
    expect(formatUsd(0.71)).toBe("$0.71");
    expect(formatUsd(0.2)).toBe("$0.20");
    expect(formatUsd(0.035)).toBe("$0.035");
    expect(formatUsd(2)).toBe("$2.00");
    expect(formatParameters({ total: "70B", source: "modelCatalog" })).toBe("70B");
    expect(formatParameters({ total: "1T", active: "32B", source: "modelCatalog" })).toBe("1T (32B active)");
    expect(contextSortValue("128K")).toBe(128_000);
    expect(contextSortValue("32.8K")).toBe(32_800);
    expect(contextSortValue("1M")).toBe(1_000_000);
    expect(contextSortValue("lots")).toBeUndefined();
  });
});
