/**
 * Facts about W&B Inference models that GET /models does not carry, copied by hand from W&B's
 * published pages. Only what a source states is recorded; a model or field missing here is shown
 * as unknown, never estimated. Keys are exact model IDs as the service lists them.
 *
 * To update: re-read each source, change the figures and READ_ON, and keep the source of every
 * figure next to it. Prices are US dollars per million tokens.
 */

/** The date the sources below were read. */
export const FACTS_READ_ON = "2026-11-22";

export type FactSource = { title: string; url: string; note?: string };

export const FACT_SOURCES = {
  modelCatalog: {
    title: "W&B Inference docs: Available Models (model catalog table)",
    url: "https://docs.wandb.ai/inference/models",
    note: "Read from the page's source, github.com/wandb/docs inference/models.mdx at commit 853d8ee0d045833e48b4f10eee15f416e02dcaa2.",
  },
  llama33Page: {
    title: "Meta Llama 3.3 70B on W&B Inference",
    url: "https://wandb.ai/site/inference/meta-llama-33-70b",
  },
  gptOss20bPage: {
    title: "OpenAI GPT OSS 20B on W&B Inference",
    url: "https://wandb.ai/site/inference/openai-gpt-oss-20b",
  },
  openPipeQwen14bPage: {
    title: "OpenPipe Qwen3 14B on W&B Inference",
    url: "https://wandb.ai/site/inference/cw_openpipe_qwen3-14b-instruct",
  },
} as const satisfies Record<string, FactSource>;

export type FactSourceId = keyof typeof FACT_SOURCES;

export type PublishedFacts = {
  /** As published, e.g. "128K" (the catalog table's own rounding). */
  contextWindow?: { label: string; source: FactSourceId };
  /** As published: total, and active for mixture-of-experts models. */
  parameters?: { total: string; active?: string; source: FactSourceId };
  /** US dollars per million tokens. */
  pricePerMillion?: { input: number; output: number; source: FactSourceId };
};

const catalog = "modelCatalog" as const;

/** A model's context window and parameter counts as the model catalog table states them. */
const fromCatalog = (contextWindow: string, total: string, active?: string): PublishedFacts => ({
  contextWindow: { label: contextWindow, source: catalog },
  parameters: active === undefined ? { total, source: catalog } : { total, active, source: catalog },
});

export const KNOWN_MODEL_FACTS: Readonly<Record<string, PublishedFacts>> = {
  "deepseek-ai/DeepSeek-V3.1": fromCatalog("161K", "671B", "37B"),
  "meta-llama/Llama-3.3-70B-Instruct": {
    ...fromCatalog("128K", "70B"),
    pricePerMillion: { input: 0.71, output: 0.71, source: "llama33Page" },
  },
  "meta-llama/Llama-3.1-8B-Instruct": fromCatalog("128K", "8B"),
  "microsoft/Phi-4-mini-instruct": fromCatalog("128K", "3.8B"),
  "moonshotai/Kimi-K2.5": fromCatalog("262K", "1T", "32B"),
  "openai/gpt-oss-120b": fromCatalog("131K", "117B", "5.1B"),
  "openai/gpt-oss-20b": {
    ...fromCatalog("131K", "20B", "3.6B"),
    pricePerMillion: { input: 0.05, output: 0.2, source: "gptOss20bPage" },
  },
  "OpenPipe/Qwen3-14B-Instruct": {
    ...fromCatalog("32.8K", "14.8B"),
    pricePerMillion: { input: 0.05, output: 0.22, source: "openPipeQwen14bPage" },
  },
  "Qwen/Qwen3-235B-A22B-Instruct-2507": fromCatalog("262K", "235B", "22B"),
  "Qwen/Qwen3-30B-A3B-Instruct-2507": fromCatalog("262K", "30.5B", "3.3B"),
  "Qwen/Qwen3-Coder-480B-A35B-Instruct": fromCatalog("262K", "480B", "35B"),
};
