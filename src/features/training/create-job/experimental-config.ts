import { ExperimentalConfig } from "@contract/training";
import { formatPath } from "./trajectory-file";
import { readableIssues } from "@/lib/zod-issues";

export type ConfigInput = { learningRate: string; extraJson: string };
export const EMPTY_CONFIG: ConfigInput = { learningRate: "", extraJson: "" };

/** A positive number typed in a field, or the reason it is not one ("" is absent). */
export function readPositiveNumber(
  text: string,
): { ok: true; value: number | undefined } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0)
    return { ok: false, error: "Enter a positive number, e.g. 1e-5 or 0.00002." };
  return { ok: true, value };
}

/**
 * experimental_config from the form: the learning rate field and any other settings as a JSON
 * object (passed on as written). Checked with the contract's schema before sending.
 */
export function buildExperimentalConfig(
  input: ConfigInput,
):
  | { ok: true; value: Record<string, unknown> | undefined }
  | { ok: false; errors: { learningRate?: string; extraJson?: string } } {
  const rate = readPositiveNumber(input.learningRate);
  let extra: Record<string, unknown> = {};
  let extraError: string | undefined;
  if (input.extraJson.trim() !== "") {
    try {
      const parsed: unknown = JSON.parse(input.extraJson);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
        extraError = 'Write a JSON object, e.g. {"warmup_steps": 10}.';
      else extra = parsed as Record<string, unknown>;
    } catch (error) {
      extraError = `Not valid JSON (${error instanceof Error ? error.message : String(error)}).`;
    }
  }
  if (!rate.ok || extraError)
    return {
      ok: false,
      errors: { ...(rate.ok ? {} : { learningRate: rate.error }), ...(extraError ? { extraJson: extraError } : {}) },
    };
  if (rate.value !== undefined && "learning_rate" in extra)
    return { ok: false, errors: { extraJson: "learning_rate is set in its own field; remove it here." } };
  const config = { ...extra, ...(rate.value !== undefined ? { learning_rate: rate.value } : {}) };
  if (Object.keys(config).length === 0) return { ok: true, value: undefined };
  const checked = ExperimentalConfig.safeParse(config, { reportInput: true });
  if (!checked.success) {
    const issue = readableIssues(checked.error.issues)[0];
    return {
      ok: false,
      errors: { extraJson: issue ? `${formatPath(issue.path)} ${issue.message}` : "Not a valid configuration." },
    };
  }
  return { ok: true, value: config };
}
