import {
  FACT_SOURCES,
  FACTS_READ_ON,
  KNOWN_MODEL_FACTS,
  type FactSource,
  type PublishedFacts,
} from "./known-model-facts";

export { FACTS_READ_ON };

/** The published facts for exactly this ID; undefined for any other spelling or an unknown model. */
export function factsFor(modelId: string): PublishedFacts | undefined {
  return Object.hasOwn(KNOWN_MODEL_FACTS, modelId) ? KNOWN_MODEL_FACTS[modelId] : undefined;
}

export function sourceOf(id: keyof typeof FACT_SOURCES): FactSource {
  return FACT_SOURCES[id];
}

/** Every source used by at least one fact, for the note under the table. */
export function usedSources(): FactSource[] {
  const ids = new Set<keyof typeof FACT_SOURCES>();
  for (const facts of Object.values(KNOWN_MODEL_FACTS)) {
    for (const fact of [facts.contextWindow, facts.parameters, facts.pricePerMillion]) if (fact) ids.add(fact.source);
  }
  return [...ids].map((id) => FACT_SOURCES[id]);
}

/** "$0.71" — two decimals, more only when the price needs them ($0.035). */
export function formatUsd(value: number): string {
  const digits = Math.max(2, Math.min(4, (String(value).split(".")[1] ?? "").length));
  return `$${value.toFixed(digits)}`;
}

/** "70B", or "1T (32B active)" for a mixture of experts. */
export function formatParameters(parameters: NonNullable<PublishedFacts["parameters"]>): string {
  return parameters.active ? `${parameters.total} (${parameters.active} active)` : parameters.total;
}

/** Tokens a context label stands for, for sorting only: "128K" -> 128000, "32.8K" -> 32800. */
export function contextSortValue(label: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([KM]?)$/i.exec(label.trim());
  if (!match) return undefined;
  const scale = match[2]?.toUpperCase() === "M" ? 1_000_000 : match[2] ? 1_000 : 1;
  return Number(match[1]) * scale;
}
