import { compareText } from "@/lib/compare-text";
import { NO_PROVIDER } from "./catalog-url-state";

/** The provider of a model: the part of its ID before the first "/", or NO_PROVIDER. */
export function providerOf(modelId: string): string {
  const slash = modelId.indexOf("/");
  return slash > 0 ? modelId.slice(0, slash) : NO_PROVIDER;
}

export function providerLabel(provider: string): string {
  return provider === NO_PROVIDER ? "No provider prefix" : provider;
}

export type ProviderCount = { provider: string; count: number };

/**
 * Every provider in the list, by name, each with how many of `matching` (the models that pass
 * the search) it has. Providers with no match stay listed with 0, so the selected one never vanishes.
 * By name as the catalog sorts IDs (compareText: case ignored, numbers by value).
 */
export function countProviders(all: readonly string[], matching: readonly string[]): ProviderCount[] {
  const counts = new Map<string, number>();
  for (const id of all) counts.set(providerOf(id), 0);
  for (const id of matching) counts.set(providerOf(id), (counts.get(providerOf(id)) ?? 0) + 1);
  return [...counts]
    .map(([provider, count]) => ({ provider, count }))
    .sort((a, b) => compareText(a.provider, b.provider));
}
