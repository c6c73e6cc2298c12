/**
 * Krippendorff's alpha, the agreement between coders beyond chance, for nominal, ordinal and
 * interval data with any number of coders and missing values. Follows Krippendorff (2011),
 * "Computing Krippendorff's Alpha-Reliability" (coincidences, then observed and expected
 * disagreement): alpha = 1 - Do / De.
 *
 * A unit is one item; its values are the answers of the coders who answered it. Units with fewer
 * than two values cannot be paired and are left out, as the method says. Alpha is undefined (null)
 * when fewer than two pairable values remain or when every value is the same (De = 0).
 */
export type AlphaLevel = "nominal" | "ordinal" | "interval";

/** Nominal values are compared as categories (any string); ordinal and interval values are numbers. */
export type AlphaValue = string | number;

export type AlphaResult = {
  /** Null when it is undefined: no variation at all, or nothing pairable. */
  alpha: number | null;
  /** Units with two or more values: what the figure rests on. */
  units: number;
  /** Values in those units (n in the paper). */
  pairableValues: number;
  observedDisagreement: number;
  expectedDisagreement: number;
};

/** Distances between the distinct values of one question: the delta² of the paper. */
export type Metric = {
  /** Index of each distinct value, in the order the metric is defined over. */
  indexOf: ReadonlyMap<AlphaValue, number>;
  /** delta²(c, k) for value indices c and k. */
  distance: (c: number, k: number) => number;
};

type Units = readonly (readonly AlphaValue[])[];

/** The pairable units and the frequency of each distinct value among their values (n_c). */
function pairable(units: Units): { kept: (readonly AlphaValue[])[]; frequencies: Map<AlphaValue, number>; n: number } {
  const kept: (readonly AlphaValue[])[] = [];
  const frequencies = new Map<AlphaValue, number>();
  let n = 0;
  for (const unit of units) {
    if (unit.length < 2) continue;
    kept.push(unit);
    n += unit.length;
    for (const value of unit) frequencies.set(value, (frequencies.get(value) ?? 0) + 1);
  }
  return { kept, frequencies, n };
}

/**
 * The metric of a level over the values seen. Ordinal distances depend on how often each rank is
 * used (the paper's (sum of n_g from c to k - (n_c + n_k) / 2)²), so the metric is built from the
 * frequencies of the pairable values.
 */
export function metricFor(level: AlphaLevel, frequencies: ReadonlyMap<AlphaValue, number>): Metric {
  const values = [...frequencies.keys()];
  if (level !== "nominal") values.sort((a, b) => Number(a) - Number(b));
  const indexOf = new Map(values.map((value, index) => [value, index] as const));
  if (level === "nominal") return { indexOf, distance: (c, k) => (c === k ? 0 : 1) };
  if (level === "interval") {
    const numbers = values.map(Number);
    return { indexOf, distance: (c, k) => ((numbers[c] as number) - (numbers[k] as number)) ** 2 };
  }
  // Ordinal: cumulative frequencies make each distance O(1).
  const counts = values.map((value) => frequencies.get(value) ?? 0);
  const cumulative = [0];
  for (const count of counts) cumulative.push((cumulative.at(-1) as number) + count);
  return {
    indexOf,
    distance: (c, k) => {
      if (c === k) return 0;
      const [low, high] = c < k ? [c, k] : [k, c];
      const between = (cumulative[high + 1] as number) - (cumulative[low] as number);
      return (between - ((counts[low] as number) + (counts[high] as number)) / 2) ** 2;
    },
  };
}

/** Sum over ordered pairs of values within a unit of their distance (each unordered pair twice). */
export function unitPairDistance(unit: readonly AlphaValue[], metric: Metric): number {
  let sum = 0;
  for (let i = 0; i < unit.length; i++) {
    const c = metric.indexOf.get(unit[i] as AlphaValue) as number;
    for (let j = i + 1; j < unit.length; j++)
      sum += 2 * metric.distance(c, metric.indexOf.get(unit[j] as AlphaValue) as number);
  }
  return sum;
}

/** Sum over every ordered pair of distinct values of n_c * n_k * delta²(c, k). */
function expectedPairDistance(level: AlphaLevel, frequencies: ReadonlyMap<AlphaValue, number>, metric: Metric): number {
  if (level === "interval") {
    // sum n_c n_k (x_c - x_k)² = 2n sum n_c x_c² - 2 (sum n_c x_c)²: linear in the distinct values,
    // which for numbers can be as many as the values themselves.
    let n = 0;
    let sum = 0;
    let squares = 0;
    for (const [value, count] of frequencies) {
      const x = Number(value);
      n += count;
      sum += count * x;
      squares += count * x * x;
    }
    return Math.max(0, 2 * n * squares - 2 * sum * sum);
  }
  const entries = [...frequencies].map(([value, count]) => [metric.indexOf.get(value) as number, count] as const);
  let sum = 0;
  for (let a = 0; a < entries.length; a++) {
    const [c, nc] = entries[a] as readonly [number, number];
    for (let b = a + 1; b < entries.length; b++) {
      const [k, nk] = entries[b] as readonly [number, number];
      sum += 2 * nc * nk * metric.distance(c, k);
    }
  }
  return sum;
}

/**
 * Alpha over `units` (each a list of the values its coders gave; missing values are simply absent).
 * Also returns the expected disagreement, so a unit's own disagreement can be put on the same scale.
 */
export function krippendorffAlpha(units: Units, level: AlphaLevel): AlphaResult & { metric: Metric | null } {
  const { kept, frequencies, n } = pairable(units);
  if (n < 2)
    return {
      alpha: null,
      units: kept.length,
      pairableValues: n,
      observedDisagreement: 0,
      expectedDisagreement: 0,
      metric: null,
    };
  const metric = metricFor(level, frequencies);
  // Do = (1/n) * sum over units of (sum over ordered pairs of delta²) / (m_u - 1).
  let observed = 0;
  for (const unit of kept) observed += unitPairDistance(unit, metric) / (unit.length - 1);
  observed /= n;
  // One value everywhere: no variation, alpha undefined (the sum-of-squares form can leave rounding dust).
  const expected = frequencies.size < 2 ? 0 : expectedPairDistance(level, frequencies, metric) / (n * (n - 1));
  const alpha = expected > 0 ? 1 - observed / expected : null;
  return {
    alpha,
    units: kept.length,
    pairableValues: n,
    observedDisagreement: observed,
    expectedDisagreement: expected,
    metric,
  };
}

/**
 * One unit's disagreement on the scale of alpha: the mean distance between two of its values
 * (different coders), divided by the expected distance between any two values of the whole data.
 * 0 is full agreement; 1 is as far apart as chance; above 1, further than chance.
 */
export function unitDisagreement(
  unit: readonly AlphaValue[],
  metric: Metric,
  expectedDisagreement: number,
): number | null {
  if (unit.length < 2 || expectedDisagreement <= 0) return null;
  const meanPairDistance = unitPairDistance(unit, metric) / (unit.length * (unit.length - 1));
  return meanPairDistance / expectedDisagreement;
}

/** Krippendorff's guidance (2004, 241-242): rely on alpha >= .800, draw tentative conclusions from .667 up. */
export type AlphaReading = "good" | "tentative" | "low" | "not enough data";

export function readAlpha(alpha: number | null): AlphaReading {
  if (alpha === null || Number.isNaN(alpha)) return "not enough data";
  if (alpha >= 0.8) return "good";
  if (alpha >= 0.667) return "tentative";
  return "low";
}
