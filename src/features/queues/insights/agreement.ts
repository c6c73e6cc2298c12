import type { QueueSpec } from "@/api/annotation-specs";
import {
  krippendorffAlpha,
  readAlpha,
  unitDisagreement,
  type AlphaLevel,
  type AlphaReading,
  type AlphaValue,
  type Metric,
} from "@/lib/krippendorff-alpha";
import type { InsightItem, InsightsInput } from "./insights-input";
import { runSteps, type Steps } from "./stepwise-computation";
import { alphaValueOf, measureOf } from "./spec-levels";

export type SpecAgreement = {
  spec: Pick<QueueSpec, "id" | "label" | "uniqueAmongCreators">;
  /** The level alpha was computed at; null when the question is free text (not measured). */
  level: AlphaLevel | null;
  alpha: number | null;
  reading: AlphaReading;
  /** Items answered by two or more annotators: what alpha rests on. */
  units: number;
  pairableValues: number;
};

export type DisagreementAnswer = { by: string; value: unknown };

export type ItemDisagreement = {
  itemId: string;
  callId: string;
  /** Mean over its questions of the item's disagreement on the scale of alpha (0 = agree, 1 = as apart as chance). */
  score: number;
  questions: { specId: string; label: string; disagreement: number; answers: DisagreementAnswer[] }[];
};

/** How many of the most disputed items the list keeps. */
export const DISAGREEMENT_LIST_SIZE = 50;

/** A measured question's distances and its expected distance (alpha's De): the scale of its disagreements. */
export type QuestionScale = { spec: QueueSpec; metric: Metric; expected: number };

type Measured = QuestionScale & { values: (AlphaValue[] | null)[] };

/** Per item (by index), the answers to one question as alpha compares them; null when it has none. */
function valuesPerItem(input: InsightsInput, spec: QueueSpec): (AlphaValue[] | null)[] {
  const measure = measureOf(spec.fieldSchema);
  return input.items.map((item) => {
    const list = input.answers.get(item.call_id)?.[spec.id];
    if (!list || list.length === 0) return null;
    const values: AlphaValue[] = [];
    for (const answer of list) {
      const value = alphaValueOf(measure, answer.value);
      if (value !== null) values.push(value);
    }
    return values;
  });
}

/** The answers behind one item's disagreement on one question, for the list (only its top rows are built). */
function answersShown(input: InsightsInput, spec: QueueSpec, callId: string): DisagreementAnswer[] {
  const measure = measureOf(spec.fieldSchema);
  return (input.answers.get(callId)?.[spec.id] ?? [])
    .filter((answer) => alphaValueOf(measure, answer.value) !== null)
    .map((answer) => ({ by: answer.by, value: answer.value }));
}

/**
 * Agreement per question (Krippendorff's alpha at the question's level) and the items where
 * annotators disagree most. An item's disagreement on a question is its mean distance between
 * two answers, by the same distance alpha uses, over the question's expected distance; an item's
 * score is the mean over the questions it has several answers to. Scores are kept in flat arrays
 * and only the listed items get their details: 10,000 items cost no object each.
 */
export type AgreementFigures = {
  agreement: SpecAgreement[];
  disagreements: ItemDisagreement[];
  disputedItems: number;
  /** The questions whose answers vary, each with its scale (what an annotator's agreement is measured on). */
  scales: QuestionScale[];
};

/** The same, yielding after each measured question. */
export function* agreementSteps(input: InsightsInput): Steps<AgreementFigures> {
  const agreement: SpecAgreement[] = [];
  const measured: Measured[] = [];
  const sums = new Float64Array(input.items.length);
  const questions = new Uint16Array(input.items.length);
  for (const spec of input.specs) {
    const level = measureOf(spec.fieldSchema).level;
    const specRef = { id: spec.id, label: spec.label, uniqueAmongCreators: spec.uniqueAmongCreators };
    if (level === null) {
      agreement.push({ spec: specRef, level, alpha: null, reading: "not enough data", units: 0, pairableValues: 0 });
      continue;
    }
    const values = valuesPerItem(input, spec);
    const result = krippendorffAlpha(
      values.filter((unit): unit is AlphaValue[] => unit !== null),
      level,
    );
    agreement.push({
      spec: specRef,
      level,
      alpha: result.alpha,
      reading: readAlpha(result.alpha),
      units: result.units,
      pairableValues: result.pairableValues,
    });
    if (!result.metric || result.expectedDisagreement <= 0) continue;
    measured.push({ spec, values, metric: result.metric, expected: result.expectedDisagreement });
    values.forEach((unit, index) => {
      const disagreement = unit ? unitDisagreement(unit, result.metric as Metric, result.expectedDisagreement) : null;
      if (disagreement === null) return;
      sums[index] = (sums[index] as number) + disagreement;
      questions[index] = (questions[index] as number) + 1;
    });
    yield;
  }
  const disputed: number[] = [];
  for (let index = 0; index < sums.length; index++) if ((sums[index] as number) > 0) disputed.push(index);
  const score = (index: number) => (sums[index] as number) / (questions[index] as number);
  const idOf = (index: number) => (input.items[index] as InsightItem).id;
  // Plain comparison of ids for ties: localeCompare over thousands of equal scores costs tens of ms.
  disputed.sort(
    (a, b) =>
      score(b) - score(a) ||
      (questions[b] as number) - (questions[a] as number) ||
      (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0),
  );
  const disagreements = disputed.slice(0, DISAGREEMENT_LIST_SIZE).map((index): ItemDisagreement => {
    const item = input.items[index] as InsightItem;
    const perQuestion: ItemDisagreement["questions"] = [];
    for (const { spec, values, metric, expected } of measured) {
      const unit = values[index];
      const disagreement = unit ? unitDisagreement(unit, metric, expected) : null;
      if (disagreement !== null)
        perQuestion.push({
          specId: spec.id,
          label: spec.label,
          disagreement,
          answers: answersShown(input, spec, item.call_id),
        });
    }
    return { itemId: item.id, callId: item.call_id, score: score(index), questions: perQuestion };
  });
  const scales = measured.map(({ spec, metric, expected }) => ({ spec, metric, expected }));
  return { agreement, disagreements, disputedItems: disputed.length, scales };
}

export const agreementAndDisagreements = (input: InsightsInput): AgreementFigures => runSteps(agreementSteps(input));
