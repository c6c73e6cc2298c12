import { describe, expect, it } from "vitest";
import type { InferenceModel } from "@contract/inference";
import { inferenceModels } from "@server/inference/catalog";
import {
  DEFAULT_SORT,
  NO_PROVIDER,
  parseCatalogParams,
  parseSort,
  toggleSort,
  withCatalogParams,
} from "./catalog-url-state";
import { buildCatalogView, countLabel } from "./catalog-view";
import { providerOf } from "./model-providers";

// The local service's list, in the real service's shape (created 0, root = id).
const MODELS = inferenceModels();
const ids = (view: ReturnType<typeof buildCatalogView>) => view.rows.map((r) => r.model.id);
const model = (id: string, extra: Partial<InferenceModel> = {}): InferenceModel => ({
  id,
  object: "model",
  created: 0,
  owned_by: "system",
  root: id,
  ...extra,
});

describe("the catalog view", () => {
  it("narrows by search and counts providers among the matches", () => {
    const view = buildCatalogView(MODELS, { q: "llama 70b", provider: null, sort: DEFAULT_SORT });
    expect(ids(view)).toEqual(["meta-llama/Llama-3.3-70B-Instruct"]);
    expect(view.total).toBe(MODELS.length);
    expect(view.providers.find((p) => p.provider === "meta-llama")?.count).toBe(1);
    // Providers without a match stay listed with 0.
    expect(view.providers.find((p) => p.provider === "Qwen")?.count).toBe(0);
  });

  it("filters by provider and combines with the search", () => {
    const qwen = buildCatalogView(MODELS, { q: "", provider: "Qwen", sort: DEFAULT_SORT });
    expect(ids(qwen)).toEqual([
      "Qwen/Qwen3-30B-A3B-Instruct-2507",
      "Qwen/Qwen3-235B-A22B-Instruct-2507",
      "Qwen/Qwen3-Coder-480B-A35B-Instruct",
    ]);
    expect(ids(buildCatalogView(MODELS, { q: "coder", provider: "Qwen", sort: DEFAULT_SORT }))).toEqual([
      "Qwen/Qwen3-Coder-480B-A35B-Instruct",
    ]);
    expect(ids(buildCatalogView(MODELS, { q: "coder", provider: "openai", sort: DEFAULT_SORT }))).toEqual([]);
  });

  it("sorts by ID case-insensitively with numbers in numeric order, and flips", () => {
    const asc = ids(buildCatalogView(MODELS, { q: "", provider: null, sort: DEFAULT_SORT }));
    expect(asc[0]).toBe("deepseek-ai/DeepSeek-V3.1");
    expect(asc.indexOf("openai/gpt-oss-20b")).toBeLessThan(asc.indexOf("openai/gpt-oss-120b"));
    const desc = ids(buildCatalogView(MODELS, { q: "", provider: null, sort: { key: "id", direction: "desc" } }));
    expect(desc).toEqual(asc.toReversed());
  });

  it("puts models without a known fact last in both directions", () => {
    const byPriceAsc = ids(
      buildCatalogView(MODELS, { q: "", provider: null, sort: { key: "price", direction: "asc" } }),
    );
    expect(byPriceAsc.slice(0, 3)).toEqual([
      "openai/gpt-oss-20b",
      "OpenPipe/Qwen3-14B-Instruct",
      "meta-llama/Llama-3.3-70B-Instruct",
    ]);
    const byPriceDesc = ids(
      buildCatalogView(MODELS, { q: "", provider: null, sort: { key: "price", direction: "desc" } }),
    );
    expect(byPriceDesc[0]).toBe("meta-llama/Llama-3.3-70B-Instruct");
    expect(byPriceDesc.at(-1)).toBe(byPriceAsc.at(-1));
    const byContext = ids(
      buildCatalogView(MODELS, { q: "", provider: null, sort: { key: "context", direction: "asc" } }),
    );
    expect(byContext[0]).toBe("OpenPipe/Qwen3-14B-Instruct");
    expect(byContext.at(-1)).toBe("MiniMaxAI/MiniMax-M2.5");
  });

  it("sorts by creation time with 0 (not reported) last", () => {
    const list = [
      model("a/x", { created: 0 }),
      model("a/y", { created: 1_700_000_000 }),
      model("a/z", { created: 1_600_000_000 }),
    ];
    expect(ids(buildCatalogView(list, { q: "", provider: null, sort: { key: "created", direction: "desc" } }))).toEqual(
      ["a/y", "a/z", "a/x"],
    );
    expect(ids(buildCatalogView(list, { q: "", provider: null, sort: { key: "created", direction: "asc" } }))).toEqual([
      "a/z",
      "a/y",
      "a/x",
    ]);
  });

  it("shows the Root column only when some root differs from its ID", () => {
    expect(buildCatalogView(MODELS, { q: "", provider: null, sort: DEFAULT_SORT }).showRoot).toBe(false);
    expect(
      buildCatalogView([model("a/b"), model("a/c", { root: "base/c" })], { q: "", provider: null, sort: DEFAULT_SORT })
        .showRoot,
    ).toBe(true);
    expect(
      buildCatalogView([model("a/b", { root: null })], { q: "", provider: null, sort: DEFAULT_SORT }).showRoot,
    ).toBe(false);
  });

  it("files IDs without a provider prefix under their own filter value", () => {
    expect(providerOf("gpt-4o")).toBe(NO_PROVIDER);
    expect(providerOf("/odd")).toBe(NO_PROVIDER);
    const view = buildCatalogView([model("gpt-4o"), model("a/b")], {
      q: "",
      provider: NO_PROVIDER,
      sort: DEFAULT_SORT,
    });
    expect(ids(view)).toEqual(["gpt-4o"]);
  });

  it("says how many are shown", () => {
    expect(countLabel(12, 40)).toBe("12 of 40 models");
    expect(countLabel(12, 12)).toBe("12 models");
    expect(countLabel(1, 1)).toBe("1 model");
    expect(countLabel(0, 12)).toBe("0 of 12 models");
  });
});

describe("the catalog's URL state", () => {
  it("reads q, provider, sort and the open model, falling back on unknown values", () => {
    const state = parseCatalogParams(new URLSearchParams("q=llama&provider=meta-llama&sort=-created&model=a%2Fb"));
    expect(state).toEqual({
      q: "llama",
      provider: "meta-llama",
      sort: { key: "created", direction: "desc" },
      model: "a/b",
    });
    expect(parseSort("-nonsense")).toEqual(DEFAULT_SORT);
    expect(parseSort("created.desc")).toEqual({ key: "created", direction: "desc" });
    expect(parseSort("")).toEqual(DEFAULT_SORT);
    expect(parseCatalogParams(new URLSearchParams("provider=")).provider).toBeNull();
  });

  it("writes only what differs from the defaults and keeps other parameters", () => {
    const base = new URLSearchParams("other=1&q=old");
    expect(withCatalogParams(base, { q: "  " }).toString()).toBe("other=1");
    expect(withCatalogParams(base, { sort: DEFAULT_SORT, provider: "Qwen" }).toString()).toBe(
      "other=1&q=old&provider=Qwen",
    );
    expect(withCatalogParams(base, { sort: { key: "price", direction: "desc" } }).get("sort")).toBe("price.desc");
    expect(withCatalogParams(base, { model: "x/y" }).get("model")).toBe("x/y");
  });

  it("starts a new column ascending and flips the same column", () => {
    expect(toggleSort(DEFAULT_SORT, "created")).toEqual({ key: "created", direction: "asc" });
    expect(toggleSort(DEFAULT_SORT, "id")).toEqual({ key: "id", direction: "desc" });
    expect(toggleSort({ key: "id", direction: "desc" }, "id")).toEqual({ key: "id", direction: "asc" });
  });
});
