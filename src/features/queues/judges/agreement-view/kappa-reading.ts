/** Below this many shared calls a kappa swings too much with each call to be read as a level. */
export const SMALL_N = 20;

/**
 * Cohen's kappa in Landis & Koch's words (Biometrics 33, 1977): below 0 poor, to 0.20 slight,
 * 0.40 fair, 0.60 moderate, 0.80 substantial, above almost perfect. Undefined kappa (both sides
 * gave one and the same answer throughout) and small samples are said so instead.
 */
export function kappaReading(kappa: number | null, n: number): string {
  if (n === 0) return "no shared calls";
  if (kappa === null)
    return n < SMALL_N ? "undefined (one answer throughout); n too small" : "undefined (one answer throughout)";
  const words =
    kappa < 0
      ? "poor (worse than chance)"
      : kappa <= 0.2
        ? "slight"
        : kappa <= 0.4
          ? "fair"
          : kappa <= 0.6
            ? "moderate"
            : kappa <= 0.8
              ? "substantial"
              : "almost perfect";
  return n < SMALL_N ? `${words} agreement; n too small (under ${SMALL_N})` : `${words} agreement`;
}

/** A figure for a table: two decimals, a dash where it does not apply or is undefined. */
export const formatFigure = (value: number | null): string => (value === null ? "–" : value.toFixed(2));

/** Accuracy as a percentage. */
export const formatShare = (value: number | null): string => (value === null ? "–" : `${Math.round(value * 100)}%`);

/** A change between two figures, signed ("+0.12", "−0.05"); a dash when either is missing. */
export function formatChange(before: number | null, after: number | null, asShare = false): string {
  if (before === null || after === null) return "–";
  const change = asShare ? Math.round((after - before) * 100) : Math.round((after - before) * 100) / 100;
  const text = asShare ? `${Math.abs(change)} pts` : Math.abs(change).toFixed(2);
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : asShare ? "0 pts" : "0.00";
}
