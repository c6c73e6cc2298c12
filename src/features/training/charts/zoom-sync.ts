export type StepRange = { min: number; max: number };
type Listener = (range: StepRange | null, origin: unknown) => void;

/**
 * One zoom shared by a page's charts: dragging across one chart zooms them all to the same steps,
 * and one Reset zoom (or a double-click on any chart) resets them all. `origin` is the chart that
 * zoomed, so it does not apply its own change twice.
 */
export class ZoomSync {
  private current: StepRange | null = null;
  private readonly listeners = new Set<Listener>();

  get range(): StepRange | null {
    return this.current;
  }

  set(range: StepRange | null, origin?: unknown): void {
    if (sameRange(range, this.current)) return;
    this.current = range;
    for (const listener of this.listeners) listener(range, origin);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function sameRange(a: StepRange | null, b: StepRange | null): boolean {
  return a === b || (a !== null && b !== null && a.min === b.min && a.max === b.max);
}
