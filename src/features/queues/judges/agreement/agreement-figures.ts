import type { AlphaLevel } from "@/lib/krippendorff-alpha";
import { accuracy } from "@/lib/agreement-stats/accuracy";
import { cohensKappa, quadraticWeightedKappa } from "@/lib/agreement-stats/cohens-kappa";
import { isFiniteNumber } from "@/lib/agreement-stats/finite-pairs";
import { meanAbsoluteError } from "@/lib/agreement-stats/mean-absolute-error";
import { spearmanRho } from "@/lib/agreement-stats/spearman-rho";

/** A question's level of measurement (spec-levels' measureOf(schema).level; free text is not measured). */
export type AgreementLevel = AlphaLevel;

/**
 * How a judge's verdicts agree with one set of human answers over the calls both answered.
 * Accuracy and kappa compare answers exactly at every level; the numeric figures (MAE, Spearman)
 * are for ratings and numbers, the quadratic-weighted kappa for ratings only (ordered steps).
 * Null where a figure does not apply or is undefined (see lib/agreement-stats).
 */
export type AgreementFigures = {
  n: number;
  accuracy: number | null;
  kappa: number | null;
  weightedKappa: number | null;
  mae: number | null;
  spearman: number | null;
};

/** Whether an answer can be measured at the level: a scalar for categories, a finite number for ratings and numbers. */
export function fitsLevel(level: AgreementLevel, value: unknown): boolean {
  if (level === "nominal") return typeof value === "string" || typeof value === "boolean" || isFiniteNumber(value);
  return isFiniteNumber(value);
}

/** The figures of paired answers (judge[i] and human[i] are about one call). */
export function agreementFigures(
  level: AgreementLevel,
  judge: readonly unknown[],
  human: readonly unknown[],
): AgreementFigures {
  const numeric = level !== "nominal";
  return {
    n: judge.length,
    accuracy: accuracy(judge, human),
    kappa: cohensKappa(judge, human),
    weightedKappa: level === "ordinal" ? quadraticWeightedKappa(judge, human) : null,
    mae: numeric ? meanAbsoluteError(judge, human) : null,
    spearman: numeric ? spearmanRho(judge, human) : null,
  };
}
