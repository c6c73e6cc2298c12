import type { InferenceModel } from "@contract/inference";
import { compareText } from "@/lib/compare-text";
import type { PublishedFacts } from "./known-model-facts";
import type { CatalogUrlState, SortKey, SortState } from "./catalog-url-state";
import { contextSortValue, factsFor } from "./model-facts";
import { countProviders, providerOf, type ProviderCount } from "./model-providers";
import { matchModelId, type MatchRange } from "./model-search";

export type CatalogRow = {
  model: InferenceModel;
  provider: string;
  facts: PublishedFacts | undefined;
  /** Parts of the ID the search matched, for highlighting. */
  match: readonly MatchRange[];
};

export type CatalogView = {
  rows: CatalogRow[];
  /** Models the service listed. */
  total: number;
  providers: ProviderCount[];
  /** Whether any model's root differs from its ID (only then is the Root column shown). */
  showRoot: boolean;
};

/** The value a column sorts by; undefined (unknown) always sorts last, whatever the direction. */
function sortValue(row: CatalogRow, key: SortKey): string | number | undefined {
  switch (key) {
    case "id":
      return row.model.id;
    case "provider":
      return row.provider;
    case "owned_by":
      return row.model.owned_by;
    case "created":
      // The real service sends 0 for every model: "not reported", not 1970.
      return row.model.created > 0 ? row.model.created : undefined;
    case "context":
      return row.facts?.contextWindow ? contextSortValue(row.facts.contextWindow.label) : undefined;
    case "price":
      return row.facts?.pricePerMillion?.input;
  }
}

export function sortRows(rows: readonly CatalogRow[], sort: SortState): CatalogRow[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = sortValue(a, sort.key);
    const vb = sortValue(b, sort.key);
    if (va === undefined || vb === undefined) {
      if (va !== vb) return va === undefined ? 1 : -1;
    } else {
      const order = typeof va === "number" && typeof vb === "number" ? va - vb : compareText(String(va), String(vb));
      if (order !== 0) return sign * order;
    }
    // Ties (and unknowns) keep a stable, readable order by ID.
    return compareText(a.model.id, b.model.id);
  });
}

/** What the table shows for the listed models and the URL's search, provider filter and sort. */
export function buildCatalogView(
  models: readonly InferenceModel[],
  state: Pick<CatalogUrlState, "q" | "provider" | "sort">,
): CatalogView {
  const matching: CatalogRow[] = [];
  for (const model of models) {
    const match = matchModelId(model.id, state.q);
    if (match) matching.push({ model, provider: providerOf(model.id), facts: factsFor(model.id), match });
  }
  const providers = countProviders(
    models.map((m) => m.id),
    matching.map((r) => r.model.id),
  );
  const filtered = state.provider ? matching.filter((row) => row.provider === state.provider) : matching;
  return {
    rows: sortRows(filtered, state.sort),
    total: models.length,
    providers,
    showRoot: models.some((m) => hasDistinctRoot(m)),
  };
}

export function hasDistinctRoot(model: InferenceModel): boolean {
  return !!model.root && model.root !== model.id;
}

/** "12 of 40 models", "1 model", "0 of 12 models". */
export function countLabel(shown: number, total: number): string {
  const noun = total === 1 ? "model" : "models";
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
