/**
 * Steps per minute, measured in this browser: events carry no timestamps, so the only clock is
 * when each poll's steps arrived here. Samples older than the window are dropped, so the rate
 * follows the job's current pace rather than its history.
 */
export class StepRateMeter {
  private samples: { at: number; steps: number }[] = [];

  constructor(
    private readonly windowMs = 60_000,
    /** Below this much observed time the figure would be noise. */
    private readonly minSpanMs = 2_500,
  ) {}

  record(at: number, steps: number): void {
    const last = this.samples.at(-1);
    if (last && steps < last.steps) this.samples = [];
    this.samples.push({ at, steps });
    const cutoff = at - this.windowMs;
    // Keep one sample older than the window as the baseline of the span.
    while (this.samples.length > 2 && this.samples[1]!.at <= cutoff) this.samples.shift();
  }

  /** Steps per minute, or null until enough time has been observed. */
  perMinute(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < this.minSpanMs) return null;
    return ((last.steps - first.steps) / (last.at - first.at)) * 60_000;
  }

  reset(): void {
    this.samples = [];
  }
}

/** Milliseconds until `remaining` steps are done at `perMinute`, or null when unknown. */
export function etaMs(remaining: number, perMinute: number | null): number | null {
  if (perMinute === null || perMinute <= 0 || remaining < 0) return null;
  return (remaining / perMinute) * 60_000;
}
