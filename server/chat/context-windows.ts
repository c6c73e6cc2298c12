/**
 * Context windows (prompt plus completion, in tokens) of the models the local services chat as.
 * The inference figures are W&B's model catalog table (the dashboard's known-model-facts.ts
 * records its rounded labels and the source: 128K = 131,072, 161K = 163,840, 262K = 262,144,
 * 32.8K = 32,768); the training base models' are their published model cards. A trained
 * checkpoint has its base model's window.
 */
const CONTEXT_WINDOWS: Readonly<Record<string, number>> = {
  "deepseek-ai/DeepSeek-V3.1": 163_840,
  "meta-llama/Llama-3.3-70B-Instruct": 131_072,
  "meta-llama/Llama-3.1-8B-Instruct": 131_072,
  "microsoft/Phi-4-mini-instruct": 131_072,
  "moonshotai/Kimi-K2.5": 262_144,
  "openai/gpt-oss-120b": 131_072,
  "openai/gpt-oss-20b": 131_072,
  "OpenPipe/Qwen3-14B-Instruct": 32_768,
  "Qwen/Qwen3-235B-A22B-Instruct-2507": 262_144,
  "Qwen/Qwen3-30B-A3B-Instruct-2507": 262_144,
  "Qwen/Qwen3-Coder-480B-A35B-Instruct": 262_144,
  // Not in W&B's catalog table: MiniMax's model card gives 204,800 (an assumption, marked as one).
  "MiniMaxAI/MiniMax-M2.5": 204_800,
  "Qwen/Qwen2.5-7B-Instruct": 32_768,
};

/** A base model nobody published a window for gets the smallest common one. */
export const DEFAULT_CONTEXT_WINDOW = 32_768;

export function contextWindowOf(model: string): number {
  return CONTEXT_WINDOWS[model] ?? DEFAULT_CONTEXT_WINDOW;
}
