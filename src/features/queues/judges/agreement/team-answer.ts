import { majority, median } from "@/lib/agreement-stats/majority";
import { fitsLevel, type AgreementLevel } from "./agreement-figures";

/** One annotator's standing answer to the question on a call. */
export type HumanAnswer = { by: string; value: unknown };

/** A call's human answers that can be measured at the level, one per annotator (their first listed). */
export function measurableAnswers(level: AgreementLevel, answers: readonly HumanAnswer[]): HumanAnswer[] {
  const kept: HumanAnswer[] = [];
  const seen = new Set<string>();
  for (const answer of answers) {
    if (seen.has(answer.by) || !fitsLevel(level, answer.value)) continue;
    seen.add(answer.by);
    kept.push(answer);
  }
  return kept;
}

/**
 * The team's answer on a call, or undefined when it has none: for categories and ratings the most
 * common answer (a tie at the top is no answer: the call is left out of the majority's figures),
 * for numbers the median (numbers seldom repeat exactly, so a most common one would rarely exist).
 */
export function teamAnswer(level: AgreementLevel, answers: readonly HumanAnswer[]): unknown {
  if (answers.length === 0) return undefined;
  const values = answers.map((answer) => answer.value);
  if (level === "interval") return median(values) ?? undefined;
  return majority(values)?.value;
}
