import { countOf } from "@/lib/number-format";

/**
 * Below this kappa a judge agrees with the team no more than fairly (Landis and Koch's bands:
 * 0.21–0.40 "fair", under that "slight"): its verdicts would train on a different standard.
 */
export const KAPPA_WARNING_BELOW = 0.4;
/** Fewer calls than this answered by both says too little about the judge, whatever its kappa. */
export const FEWEST_CALLS = 20;

const CONSEQUENCE = "its rewards may teach the model the wrong thing.";

/** Why training on this judge version's rewards is a risk, from its agreement with the team's majority; null when it is not. */
export function judgeWarning(figures: { n: number; kappa: number | null }): string | null {
  const { n, kappa } = figures;
  if (n === 0) return `No call people answered has this judge's verdict, so its agreement is unknown: ${CONSEQUENCE}`;
  const on = countOf(n, "call");
  if (kappa === null)
    return `This judge's agreement with the team cannot be measured (κ undefined on ${on}: one answer throughout): ${CONSEQUENCE}`;
  const shown = kappa.toFixed(2);
  if (kappa <= 0)
    return `This judge agrees with the team no better than chance (κ = ${shown} on ${on}): ${CONSEQUENCE}`;
  if (kappa < KAPPA_WARNING_BELOW)
    return `This judge agrees with the team only slightly (κ = ${shown} on ${on}): ${CONSEQUENCE}`;
  if (n < FEWEST_CALLS)
    return `This judge was compared with the team on only ${on} (κ = ${shown}): too few to trust, and ${CONSEQUENCE}`;
  return null;
}
