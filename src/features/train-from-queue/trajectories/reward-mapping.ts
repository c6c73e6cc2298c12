import type { QueueSpec } from "@/api/annotation-specs";

/**
 * An annotator's standing answer to a question (the queues feature's GivenAnswer has these and
 * more): declared here so the library depends on no feature and runs anywhere (bench, Node).
 */
export type GivenAnswer = { by: string; value: unknown };
/** Per question id, the standing answers on one call. */
export type AnswersOnCall = Readonly<Record<string, readonly GivenAnswer[]>>;

/**
 * How an annotator's answer to one question becomes a number (the trajectory's reward).
 * Numbers and ratings are taken as they are or scaled to 0–1 over the question's range (reversed
 * when a higher answer is worse, e.g. a count of unsupported claims); yes/no and categories map
 * each answer to a number the engineer sees and can change.
 */
export type NumberScale = "raw" | "unit" | "unit-reversed";
export type RewardMapping =
  | { kind: "numeric" | "rating"; min: number | null; max: number | null; scale: NumberScale }
  | { kind: "yes-no"; yes: number; no: number }
  | { kind: "categorical"; values: Readonly<Record<string, number>> };

/** Whose answers make the reward: the mean over every annotator who answered, or one annotator's. */
export type AnnotatorChoice = { kind: "mean" } | { kind: "one"; userId: string };

const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The mapping a question starts with, or null when its answers cannot be a reward (free text). */
export function defaultMapping(spec: Pick<QueueSpec, "fieldSchema">): RewardMapping | null {
  const schema = spec.fieldSchema;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const choices = schema.enum.filter((v): v is string => typeof v === "string");
    if (choices.length === 0) return null;
    // First choice best (1), last worst (0), evenly between: the usual order of a scale's labels.
    const values = Object.fromEntries(
      choices.map((choice, i) => [
        choice,
        choices.length === 1 ? 1 : round((choices.length - 1 - i) / (choices.length - 1)),
      ]),
    );
    return { kind: "categorical", values };
  }
  if (schema.type === "boolean") return { kind: "yes-no", yes: 1, no: 0 };
  if (schema.type === "integer" || schema.type === "number") {
    const min = finite(schema.minimum);
    const max = finite(schema.maximum);
    const rating = schema.type === "integer" && min !== null && max !== null && max > min;
    return { kind: rating ? "rating" : "numeric", min, max, scale: "raw" };
  }
  return null;
}

/**
 * The mapping in the URL when it fits the question's kind of answer, else the question's own. For
 * choices, the question's choices are the rows (an old link may name others, or miss a new one).
 */
export function mappingForSpec(
  spec: Pick<QueueSpec, "fieldSchema">,
  chosen: RewardMapping | null,
): RewardMapping | null {
  const fallback = defaultMapping(spec);
  if (!fallback || !chosen) return fallback;
  if (fallback.kind === "categorical") {
    if (chosen.kind !== "categorical") return fallback;
    const values = Object.fromEntries(
      Object.entries(fallback.values).map(([choice, reward]) => [
        choice,
        Object.hasOwn(chosen.values, choice) ? (chosen.values[choice] as number) : reward,
      ]),
    );
    return { kind: "categorical", values };
  }
  if (fallback.kind === "yes-no") return chosen.kind === "yes-no" ? chosen : fallback;
  // Numbers and ratings: the scale is the choice; the range is the question's.
  return chosen.kind === "numeric" || chosen.kind === "rating" ? { ...fallback, scale: chosen.scale } : fallback;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The reward of one answer, or null when the mapping cannot read it. */
export function rewardOfAnswer(mapping: RewardMapping, value: unknown): number | null {
  switch (mapping.kind) {
    case "yes-no":
      return value === true ? mapping.yes : value === false ? mapping.no : null;
    case "categorical":
      return typeof value === "string" && Object.hasOwn(mapping.values, value) ? finite(mapping.values[value]) : null;
    default: {
      const number = finite(value);
      if (number === null || mapping.scale === "raw") return number;
      const { min, max } = mapping;
      if (min === null || max === null || max <= min) return null;
      const unit = (number - min) / (max - min);
      return mapping.scale === "unit" ? unit : 1 - unit;
    }
  }
}

/** Whether the scaled choices apply: scaling needs the question's range. */
export const canScale = (mapping: RewardMapping): boolean =>
  (mapping.kind === "numeric" || mapping.kind === "rating") &&
  mapping.min !== null &&
  mapping.max !== null &&
  mapping.max > mapping.min;

export type CallReward =
  | { ok: true; reward: number; annotators: string[]; values: unknown[] }
  | { ok: false; reason: "no-answer" | "unreadable-reward"; detail: string };

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/** The reward of a call from the standing answers to the chosen question. */
export function callReward(
  answers: readonly GivenAnswer[] | undefined,
  mapping: RewardMapping,
  who: AnnotatorChoice,
): CallReward {
  const chosen = who.kind === "one" ? (answers ?? []).filter((answer) => answer.by === who.userId) : (answers ?? []);
  if (chosen.length === 0)
    return {
      ok: false,
      reason: "no-answer",
      detail: who.kind === "one" ? `${who.userId} did not answer` : "nobody answered",
    };
  let sum = 0;
  for (const answer of chosen) {
    const reward = rewardOfAnswer(mapping, answer.value);
    // One unreadable answer spoils a mean: better to say so than to average what is left.
    if (reward === null)
      return {
        ok: false,
        reason: "unreadable-reward",
        detail: `the answer ${shown(answer.value)} has no reward in this mapping`,
      };
    sum += reward;
  }
  return {
    ok: true,
    reward: sum / chosen.length,
    annotators: chosen.map((answer) => answer.by),
    values: chosen.map((answer) => answer.value),
  };
}
