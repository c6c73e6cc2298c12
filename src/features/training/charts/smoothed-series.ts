import { EmaSeries } from "./smoothing";

/**
 * A chart's smoothed copy of its metric, extended as steps arrive and started over when the
 * weight changes. Held by the chart for its lifetime (the column grows in place).
 */
export class SmoothedSeries {
  private ema: EmaSeries;

  constructor(weight: number) {
    this.ema = new EmaSeries(weight);
  }

  of(values: ArrayLike<number>, weight: number): Float64Array {
    if (this.ema.weight !== weight) this.ema = new EmaSeries(weight);
    return this.ema.extend(values);
  }
}
