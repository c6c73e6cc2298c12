import { growableFloat64, type Growable } from "../events/growable";

/**
 * Exponential moving average with TensorBoard's debiasing: the first points are not pulled
 * towards zero, so a smoothed curve starts where the data starts. `weight` 0 is the raw data,
 * 0.99 is very smooth. NaN (a step without this metric) stays NaN and does not move the average.
 */
export class EmaSeries {
  private readonly out: Growable<Float64Array> = growableFloat64();
  private last = 0;
  /** weight ** (finite values so far), kept by multiplying: `**` per value made the EMA the slowest part of a redraw. */
  private power = 1;

  constructor(readonly weight: number) {
    if (!(weight >= 0 && weight < 1)) throw new RangeError(`Smoothing weight must be in [0, 1), got ${weight}`);
  }

  /** Smooths `values` from where the previous call stopped; returns all smoothed values so far. */
  extend(values: ArrayLike<number>): Float64Array {
    const w = this.weight;
    // One grow up front instead of a length check per value.
    this.out.reserve(values.length);
    for (let i = this.out.length; i < values.length; i += 1) {
      const value = values[i]!;
      if (Number.isNaN(value)) {
        this.out.push(Number.NaN);
        continue;
      }
      this.last = this.last * w + (1 - w) * value;
      this.power *= w;
      const debias = w === 0 ? 1 : 1 - this.power;
      this.out.push(this.last / debias);
    }
    return this.out.view();
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
