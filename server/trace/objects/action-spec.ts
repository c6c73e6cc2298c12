import { LIMITS } from "../../../contract/limits";
import { ServiceError } from "../../http/errors";
import { schemaProblem } from "./json-schema";

/**
 * The checks upstream's ActionSpec model makes (weave/trace_server/interface/builtin_object_classes/actions.py):
 * `name` is required; `config` is told apart by `action_type`: an `llm_judge` has `model`, `prompt`
 * and a `response_schema` that is a JSON Schema, a `contains_words` has `target_words`. Keys the
 * model does not know are kept (the dashboard stores its own `judge` block beside them).
 * *Local choices*: any model name is taken (upstream allows only gpt-4o and gpt-4o-mini, which the
 * local inference service does not serve), and sizes are bounded.
 */

/** Characters of a judge's prompt: a long rubric with examples fits many times over. */
export const ACTION_PROMPT_MAX_LENGTH = 50_000;
/** Words of a contains_words action, and the length of each. */
export const ACTION_TARGET_WORDS_MAX = 1000;

const refuse = (message: string, code = "invalid_object"): never => {
  throw new ServiceError(400, `ActionSpec.${message}`, code);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Throws a 400 naming the first field of `val` that an ActionSpec cannot have; returns nothing otherwise. */
export function checkActionSpec(val: Record<string, unknown>): void {
  if (typeof val.name !== "string" || val.name.trim() === "") refuse("name must be a non-empty string.");
  if ((val.name as string).length > LIMITS.labelLength)
    refuse(`name must be at most ${LIMITS.labelLength} characters.`);
  const description = val.description;
  if (description !== undefined && description !== null) {
    if (typeof description !== "string") refuse("description must be a string or null.");
    if ((description as string).length > LIMITS.descriptionLength)
      refuse(`description must be at most ${LIMITS.descriptionLength} characters.`);
  }
  const config = val.config;
  if (!isRecord(config)) return refuse("config must be an object with an action_type.");
  if (config.action_type === "llm_judge") return checkLlmJudge(config);
  if (config.action_type === "contains_words") return checkContainsWords(config);
  refuse('config.action_type must be "llm_judge" or "contains_words".');
}

function checkLlmJudge(config: Record<string, unknown>): void {
  const { model, prompt } = config;
  if (typeof model !== "string" || model.trim() === "") refuse("config.model must be a non-empty string.");
  if ((model as string).length > LIMITS.refLength)
    refuse(`config.model must be at most ${LIMITS.refLength} characters.`);
  if (typeof prompt !== "string") refuse("config.prompt must be a string.");
  if ((prompt as string).length > ACTION_PROMPT_MAX_LENGTH)
    refuse(`config.prompt must be at most ${ACTION_PROMPT_MAX_LENGTH} characters.`);
  if (!("response_schema" in config)) refuse("config.response_schema is required (a JSON Schema).");
  const problem = schemaProblem(config.response_schema);
  if (problem) refuse(`config.response_schema ${problem}.`, "invalid_response_schema");
}

function checkContainsWords(config: Record<string, unknown>): void {
  const words = config.target_words;
  if (!Array.isArray(words) || !words.every((word) => typeof word === "string"))
    return refuse("config.target_words must be a list of strings.");
  if (words.length > ACTION_TARGET_WORDS_MAX)
    refuse(`config.target_words must have at most ${ACTION_TARGET_WORDS_MAX} words.`);
  if (words.some((word: string) => word.length > LIMITS.labelLength))
    refuse(`config.target_words: each word must be at most ${LIMITS.labelLength} characters.`);
}
