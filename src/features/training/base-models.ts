/**
 * Base models the training service trains. The service accepts any name when a model is created
 * and fails its jobs later (training_failed), so the dashboard offers these and warns on others.
 * The local services train the same list (server/training/base-models.ts; a test keeps them equal).
 */
export const SUPPORTED_BASE_MODELS: readonly string[] = [
  "OpenPipe/Qwen3-14B-Instruct",
  "Qwen/Qwen3-30B-A3B-Instruct-2507",
  "Qwen/Qwen2.5-7B-Instruct",
  "meta-llama/Llama-3.1-8B-Instruct",
];

/** A warning for a base model outside the list (after trimming), or null; an empty field gets none. */
export function baseModelWarning(typed: string): string | null {
  const name = typed.trim();
  if (name === "" || SUPPORTED_BASE_MODELS.includes(name)) return null;
  const sameButCase = SUPPORTED_BASE_MODELS.find((m) => m.toLowerCase() === name.toLowerCase());
  if (sameButCase) return `Did you mean ${sameButCase}? Base model names are matched exactly.`;
  return `Not a base model the training service trains: the model will be created, but its jobs will fail. Pick one of the suggestions (${SUPPORTED_BASE_MODELS.join(", ")}).`;
}

/**
 * A warning for a job on a known model whose base the service does not train: the service takes
 * the job and fails it later, so the engineer would start a job that cannot run. Null when the
 * base is trained, or not known.
 */
export function trainedModelWarning(model: { base_model?: string } | undefined): string | null {
  const base = model?.base_model?.trim();
  if (!base || baseModelWarning(base) === null) return null;
  return `${base} is not a base model the training service trains: the job would be created and then fail. Choose another model or create a new one.`;
}
