/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number };

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    max: round(samples.length ? Math.max(...samples) : Number.NaN),
  };
}

/** Two decimals: enough for milliseconds, short in JSON. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}
