import type { QueueSpec } from "@/api/annotation-specs";
import { krippendorffAlpha, readAlpha, unitDisagreement, type AlphaLevel, type AlphaReading, type AlphaValue } from "@/lib/krippendorff-alpha";
import type { InsightsInput } from "./insights-input";
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

type Unit = { itemId: string; callId: string; values: AlphaValue[]; answers: DisagreementAnswer[] };

/** Per question, the answers on each item as alpha compares them (one per annotator who answered). */
function unitsOf(input: InsightsInput, spec: QueueSpec): Unit[] {
  const measure = measureOf(spec.fieldSchema);
  const units: Unit[] = [];
  for (const item of input.items) {
    const list = input.answers.get(item.call_id)?.[spec.id];
    if (!list || list.length === 0) continue;
    const values: AlphaValue[] = [];
    const answers: DisagreementAnswer[] = [];
    for (const answer of list) {
      const value = alphaValueOf(measure, answer.value);
      if (value === null) continue;
      values.push(value);
      answers.push({ by: answer.by, value: answer.value });
    }
    units.push({ itemId: item.id, callId: item.call_id, values, answers });
  }
  return units;
}

/**
 * Agreement per question (Krippendorff's alpha at the question's level) and the items where
 * annotators disagree most. An item's disagreement on a question is its mean distance between
 * two answers, by the same distance alpha uses, over the question's expected distance; an item's
 * score is the mean over the questions it has several answers to.
 */
export function agreementAndDisagreements(input: InsightsInput): { agreement: SpecAgreement[]; disagreements: ItemDisagreement[]; disputedItems: number } {
  const agreement: SpecAgreement[] = [];
  const byItem = new Map<string, ItemDisagreement & { sum: number }>();
  for (const spec of input.specs) {
    const level = measureOf(spec.fieldSchema).level;
    const specRef = { id: spec.id, label: spec.label, uniqueAmongCreators: spec.uniqueAmongCreators };
    if (level === null) {
      agreement.push({ spec: specRef, level, alpha: null, reading: "not enough data", units: 0, pairableValues: 0 });
      continue;
    }
    const units = unitsOf(input, spec);
    const result = krippendorffAlpha(units.map((unit) => unit.values), level);
    agreement.push({ spec: specRef, level, alpha: result.alpha, reading: readAlpha(result.alpha), units: result.units, pairableValues: result.pairableValues });
    if (!result.metric || result.expectedDisagreement <= 0) continue;
    for (const unit of units) {
      const disagreement = unitDisagreement(unit.values, result.metric, result.expectedDisagreement);
      if (disagreement === null) continue;
      let entry = byItem.get(unit.itemId);
      if (!entry) byItem.set(unit.itemId, (entry = { itemId: unit.itemId, callId: unit.callId, score: 0, sum: 0, questions: [] }));
      entry.sum += disagreement;
      entry.questions.push({ specId: spec.id, label: spec.label, disagreement, answers: unit.answers });
    }
  }
  const disputed: ItemDisagreement[] = [];
  for (const { sum, ...entry } of byItem.values()) {
    const score = sum / entry.questions.length;
    if (score > 0) disputed.push({ ...entry, score });
  }
  disputed.sort((a, b) => b.score - a.score || b.questions.length - a.questions.length || a.itemId.localeCompare(b.itemId));
  return { agreement, disagreements: disputed.slice(0, DISAGREEMENT_LIST_SIZE), disputedItems: disputed.length };
}
