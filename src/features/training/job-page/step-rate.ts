/**
 * Steps per minute, measured in this browser: events carry no timestamps, so the only clock is
 * when each poll's steps arrived here. The rate is taken over the recent stretches in which the
 * job was seen stepping, one stretch per pair of consecutive polls that reached the service:
 * - a stretch that starts before the job's first step is left out (the job was queued behind
 *   another, or starting: time it did not spend training);
 * - a stretch longer than `maxGapMs` is left out (the service was unreachable, or the tab hidden:
 *   what the job did meanwhile is unknown, and spreading its steps over that time would show a
 *   fraction of its real pace);
 * - only the latest `windowMs` of counted time is kept, so the rate follows the current pace.
 */
export class StepRateMeter {
  private last: { at: number; steps: number } | null = null;
  private stretches: { ms: number; steps: number }[] = [];

  constructor(
    private readonly windowMs = 60_000,
    /** Below this much counted time the figure would be noise. */
    private readonly minSpanMs = 2_500,
    /** A longer gap between two answered polls means the job was not being watched: not counted. */
    private readonly maxGapMs = 6_000,
  ) {}

  record(at: number, steps: number): void {
    const last = this.last;
    this.last = { at, steps };
    if (!last) return;
    if (steps < last.steps) {
      this.stretches = [];
      return;
    }
    const ms = at - last.at;
    if (last.steps === 0 || ms <= 0 || ms > this.maxGapMs) return;
    this.stretches.push({ ms, steps: steps - last.steps });
    let kept = this.stretches.reduce((sum, s) => sum + s.ms, 0);
    // Drop the oldest stretches while the rest still cover the window.
    while (this.stretches.length > 1 && kept - this.stretches[0]!.ms >= this.windowMs)
      kept -= this.stretches.shift()!.ms;
  }

  /** Steps per minute over the counted stretches, or null until enough time has been counted. */
  perMinute(): number | null {
    let ms = 0;
    let steps = 0;
    for (const stretch of this.stretches) {
      ms += stretch.ms;
      steps += stretch.steps;
    }
    return ms < this.minSpanMs ? null : (steps / ms) * 60_000;
  }

  reset(): void {
    this.last = null;
    this.stretches = [];
  }
}

/** Milliseconds until `remaining` steps are done at `perMinute`, or null when unknown. */
export function etaMs(remaining: number, perMinute: number | null): number | null {
  if (perMinute === null || perMinute <= 0 || remaining < 0) return null;
  return (remaining / perMinute) * 60_000;
}
