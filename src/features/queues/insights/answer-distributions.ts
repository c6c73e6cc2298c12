import type { QueueSpec } from "@/api/annotation-specs";
import { formatAnswer, type AnswersOnCall } from "../shared/call-answers";
import type { InsightsInput } from "./insights-input";
import { measureOf, type SpecMeasure } from "./spec-levels";

export type DistributionBin = { label: string; count: number };

export type AnswerDistribution = {
  spec: Pick<QueueSpec, "id" | "label">;
  measure: SpecMeasure;
  /** Answers counted (every annotator's standing answer). */
  answers: number;
  /** Bars in the question's own order; empty for free text. */
  bins: DistributionBin[];
  /** Answers that do not fit the question's schema (left out of the bars). */
  unreadable: number;
};

/** Histogram bins for numbers: one per whole number over a short range, else about ten equal ones. */
function numberBins(values: readonly number[]): DistributionBin[] {
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (values.every(Number.isInteger) && max - min <= 20) {
    const counts = Array.from<number>({ length: max - min + 1 }).fill(0);
    for (const value of values) counts[value - min] = (counts[value - min] as number) + 1;
    return counts.map((count, offset) => ({ label: String(min + offset), count }));
  }
  const binCount = Math.min(10, Math.max(1, Math.ceil(Math.log2(values.length) + 1)));
  const width = (max - min) / binCount || 1;
  const counts = Array.from<number>({ length: binCount }).fill(0);
  for (const value of values) {
    const index = Math.min(binCount - 1, Math.floor((value - min) / width));
    counts[index] = (counts[index] as number) + 1;
  }
  const edge = (at: number) => Number((min + at * width).toPrecision(3)).toLocaleString();
  return counts.map((count, index) => ({ label: `${edge(index)} – ${edge(index + 1)}`, count }));
}

export function distribution(spec: QueueSpec, measure: SpecMeasure, values: readonly unknown[]): AnswerDistribution {
  const base = { spec: { id: spec.id, label: spec.label }, measure, answers: values.length };
  switch (measure.kind) {
    case "text":
      return { ...base, bins: [], unreadable: 0 };
    case "number": {
      const numbers = values.filter((value): value is number => typeof value === "number" && Number.isFinite(value));
      return { ...base, bins: numberBins(numbers), unreadable: values.length - numbers.length };
    }
    case "rating": {
      const counts = Array.from<number>({ length: measure.max - measure.min + 1 }).fill(0);
      let unreadable = 0;
      for (const value of values) {
        if (typeof value === "number" && Number.isInteger(value) && value >= measure.min && value <= measure.max)
          counts[value - measure.min] = (counts[value - measure.min] as number) + 1;
        else unreadable += 1;
      }
      return {
        ...base,
        bins: counts.map((count, offset) => ({ label: String(measure.min + offset), count })),
        unreadable,
      };
    }
    case "yes-no":
    case "choice": {
      const order = measure.kind === "yes-no" ? ["Yes", "No"] : measure.options.map((option) => formatAnswer(option));
      const counts = new Map(order.map((label) => [label, 0]));
      let unreadable = 0;
      for (const value of values) {
        const label =
          typeof value === "string" || typeof value === "number" || typeof value === "boolean"
            ? formatAnswer(value)
            : null;
        // A value outside the list (the spec changed since) still shows, after the listed ones.
        if (label === null || (measure.kind === "yes-no" && typeof value !== "boolean")) unreadable += 1;
        else counts.set(label, (counts.get(label) ?? 0) + 1);
      }
      return { ...base, bins: [...counts].map(([label, count]) => ({ label, count })), unreadable };
    }
  }
}

/**
 * Each question's answers, folded in call by call (`add`): the read folds each batch in as it
 * arrives, so the page shows the distributions so far; `figures` bins what has been folded in
 * (once per change: the last report of a read and its final figures share one binning).
 */
export function distributionFolder(specs: readonly QueueSpec[]) {
  const measures = specs.map((spec) => measureOf(spec.fieldSchema));
  const valuesBySpec = specs.map((): unknown[] => []);
  let binned: AnswerDistribution[] | null = null;
  return {
    add(onCall: AnswersOnCall) {
      binned = null;
      specs.forEach((spec, index) => {
        const list = onCall[spec.id];
        if (!list) return;
        const values = valuesBySpec[index] as unknown[];
        for (const answer of list) values.push(answer.value);
      });
    },
    figures(): AnswerDistribution[] {
      binned ??= specs.map((spec, index) =>
        distribution(spec, measures[index] as SpecMeasure, valuesBySpec[index] as unknown[]),
      );
      return binned;
    },
  };
}

/** Each question's answers, counted per category, rating value or number range. */
export function answerDistributions({ specs, answers }: InsightsInput): AnswerDistribution[] {
  const folder = distributionFolder(specs);
  for (const onCall of answers.values()) folder.add(onCall);
  return folder.figures();
}
