/**
 * Exponential moving average with TensorBoard's debiasing: the first points are not pulled
 * towards zero, so a smoothed curve starts where the data starts. `weight` 0 is the raw data,
 * 0.99 is very smooth. NaN (a step without this metric) stays NaN and does not move the average.
 */
export class EmaSeries {
  private out = new Float64Array(0);
  private count = 0;
  private last = 0;
  /** weight ** (finite values so far), kept by multiplying: `**` per value made the EMA the slowest part of a redraw. */
  private power = 1;

  constructor(readonly weight: number) {
    if (!(weight >= 0 && weight < 1)) throw new RangeError(`Smoothing weight must be in [0, 1), got ${weight}`);
  }

  /** Smooths `values` from where the previous call stopped; returns all smoothed values so far (a view, valid until the next call). */
  extend(values: ArrayLike<number>): Float64Array {
    const n = values.length;
    if (n > this.out.length) {
      const grown = new Float64Array(Math.max(n, this.out.length * 2));
      grown.set(this.out.subarray(0, this.count));
      this.out = grown;
    }
    // Locals, not fields, in the loop: a smoothing change runs it over every step of every job on screen.
    const { weight: w, out } = this;
    let { last, power } = this;
    for (let i = this.count; i < n; i += 1) {
      const value = values[i]!;
      if (Number.isNaN(value)) {
        out[i] = Number.NaN;
        continue;
      }
      last = last * w + (1 - w) * value;
      power *= w;
      out[i] = w === 0 ? value : last / (1 - power);
    }
    this.last = last;
    this.power = power;
    this.count = n;
    return out.subarray(0, n);
  }
}

export function emaSmooth(values: ArrayLike<number>, weight: number): Float64Array {
  return new EmaSeries(weight).extend(values).slice();
}

export const SMOOTHING_MIN = 0;
export const SMOOTHING_MAX = 0.99;
export const DEFAULT_SMOOTHING = 0.6;

export function clampSmoothing(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_SMOOTHING;
  return Math.min(SMOOTHING_MAX, Math.max(SMOOTHING_MIN, value));
}
