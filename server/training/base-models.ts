/**
 * Base models the local training service can "train" (and chat as). Any string is accepted when a
 * model is created, as the real service does; a job on another base model ends in training_failed.
 */
export const SUPPORTED_BASE_MODELS = [
  "OpenPipe/Qwen3-14B-Instruct",
  "Qwen/Qwen3-30B-A3B-Instruct-2507",
  "Qwen/Qwen2.5-7B-Instruct",
  "meta-llama/Llama-3.1-8B-Instruct",
] as const;

export function isSupportedBaseModel(name: string): boolean {
  return (SUPPORTED_BASE_MODELS as readonly string[]).includes(name);
}
