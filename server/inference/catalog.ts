import type { InferenceModel } from "../../contract/inference";

/** The models W&B Inference lists (docs/contract-decisions.md#inference); the local service serves all of them. */
export const INFERENCE_MODEL_IDS = [
  "meta-llama/Llama-3.1-8B-Instruct",
  "meta-llama/Llama-3.3-70B-Instruct",
  "deepseek-ai/DeepSeek-V3.1",
  "openai/gpt-oss-120b",
  "openai/gpt-oss-20b",
  "Qwen/Qwen3-30B-A3B-Instruct-2507",
  "Qwen/Qwen3-235B-A22B-Instruct-2507",
  "Qwen/Qwen3-Coder-480B-A35B-Instruct",
  "OpenPipe/Qwen3-14B-Instruct",
  "microsoft/Phi-4-mini-instruct",
  "moonshotai/Kimi-K2.5",
  "MiniMaxAI/MiniMax-M2.5",
] as const;

/**
 * Catalog models that answer prose whatever `response_format` asks: the local stand-in for a model
 * without structured output, so what a client does with a model that answers prose (a judge's
 * answer that is not JSON) can be tried here. A local choice, not a statement about the real model.
 */
export const MODELS_WITHOUT_STRUCTURED_OUTPUT: readonly string[] = ["microsoft/Phi-4-mini-instruct"];

/** As the real service answers: created 0, owned by "system", root equal to the id. */
export function inferenceModels(): InferenceModel[] {
  return INFERENCE_MODEL_IDS.map((id) => ({ id, object: "model", created: 0, owned_by: "system", root: id }));
}
