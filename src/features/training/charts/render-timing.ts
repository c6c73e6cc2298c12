/**
 * Measures one drawing pass of all charts (from the first chart's update to the last chart's
 * draw) as a `performance.measure("training-charts")` entry, for benchmarks to read. Not a test:
 * speed is measured in benchmarks, not asserted.
 */
export class RenderTiming {
  private startedAt: number | null = null;
  private waiting = new Set<string>();
  private firstDrawn = false;

  constructor(private readonly label = "training-charts") {}

  /** The first time any chart is drawn: a `<label>-first-drawn` mark (the page's first chart painted). */
  private markFirst(): void {
    if (this.firstDrawn) return;
    this.firstDrawn = true;
    try {
      performance.mark(`${this.label}-first-drawn`);
    } catch {
      // Timing is optional.
    }
  }

  begin(chart: string): void {
    if (this.startedAt === null) this.startedAt = performance.now();
    this.waiting.add(chart);
  }

  drawn(chart: string): void {
    this.markFirst();
    if (!this.waiting.delete(chart) || this.waiting.size > 0 || this.startedAt === null) return;
    const start = this.startedAt;
    this.startedAt = null;
    try {
      performance.measure(this.label, { start, end: performance.now() });
    } catch {
      // Older engines without measure options: the timing is optional.
    }
  }
}
