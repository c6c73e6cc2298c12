import type { TrainingEvent } from "@contract/training";
import { growableFloat64, growableInt32, growableUint16, type Growable } from "./growable-typed-array";
import { applyEventInPlace, copySummary, EMPTY_SUMMARY, numericMetrics, type JobSummary } from "./job-summary";

/**
 * Every event of one job, kept compactly so a job with 100,000 events stays cheap:
 * - gradient steps are columns: one Float64Array per metric (NaN where a step lacks it) and one for
 *   the step number, appended in place; the charts read these columns without copying;
 * - every event keeps its id and a type code; only the non-numeric data (all of it for the rare
 *   non-gradient events) is kept as an object;
 * - an event is rebuilt from the columns when the log shows it.
 * Appending bumps `version` and tells subscribers; readers throttle their own re-rendering.
 */
export class JobEventStore {
  private readonly ids: string[] = [];
  private readonly idSet = new Set<string>();
  private readonly typeCodes = growableUint16();
  private readonly typeNames: string[] = [];
  private readonly typeCounts: number[] = [];
  /** Per event: its row in the step columns, or -1. */
  private readonly stepRows = growableInt32();
  private readonly extras = new Map<number, Record<string, unknown>>();
  private readonly rowsWithoutStep = new Set<number>();
  private readonly stepColumn = growableFloat64();
  private readonly metricColumns = new Map<string, Growable<Float64Array>>();
  private readonly summaryDraft: JobSummary = copySummary(EMPTY_SUMMARY);
  private summaryCache: { version: number; value: JobSummary } | null = null;
  private readonly listeners = new Set<() => void>();
  private currentVersion = 0;

  /** Adds events in order, skipping ids already held (a re-delivered event). Returns how many were new. */
  append(events: readonly TrainingEvent[]): number {
    let added = 0;
    for (const event of events) {
      if (this.idSet.has(event.id)) continue;
      this.add(event);
      added += 1;
    }
    if (added > 0) {
      this.currentVersion += 1;
      for (const listener of this.listeners) listener();
    }
    return added;
  }

  private add(event: TrainingEvent): void {
    const index = this.ids.length;
    this.ids.push(event.id);
    this.idSet.add(event.id);
    this.typeCodes.push(this.typeCode(event.type));
    if (event.type !== "gradient_step") {
      this.stepRows.push(-1);
      if (Object.keys(event.data).length > 0) this.extras.set(index, event.data);
      applyEventInPlace(this.summaryDraft, event);
      return;
    }
    const metrics = numericMetrics(event.data);
    const row = this.stepColumn.length;
    this.stepRows.push(row);
    const step = event.data.step;
    if (typeof step === "number" && Number.isFinite(step)) {
      this.stepColumn.push(step);
    } else {
      this.stepColumn.push(row + 1);
      this.rowsWithoutStep.add(row);
    }
    for (const [name, column] of this.metricColumns) column.push(metrics[name] ?? Number.NaN);
    for (const [name, value] of Object.entries(metrics)) {
      if (this.metricColumns.has(name)) continue;
      const column = growableFloat64(Math.max(256, row + 1));
      for (let i = 0; i < row; i += 1) column.push(Number.NaN);
      column.push(value);
      this.metricColumns.set(name, column);
    }
    const rest: Record<string, unknown> = {};
    let hasRest = false;
    for (const [name, value] of Object.entries(event.data)) {
      if (name === "step" || name in metrics) continue;
      rest[name] = value;
      hasRest = true;
    }
    if (hasRest) this.extras.set(index, rest);
    applyEventInPlace(this.summaryDraft, event, metrics);
  }

  private typeCode(type: string): number {
    let code = this.typeNames.indexOf(type);
    if (code === -1) {
      code = this.typeNames.length;
      this.typeNames.push(type);
      this.typeCounts.push(0);
    }
    this.typeCounts[code] = (this.typeCounts[code] ?? 0) + 1;
    return code;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** Number of events. */
  get size(): number {
    return this.ids.length;
  }

  /** Number of gradient steps (rows of the columns). */
  get stepCount(): number {
    return this.stepColumn.length;
  }

  has(id: string): boolean {
    return this.idSet.has(id);
  }

  /** Ids of the last `count` events (kept with a cached cursor to recognise a re-delivery). */
  lastIds(count: number): string[] {
    return this.ids.slice(Math.max(0, this.ids.length - count));
  }

  /** Metric names in the order they first appeared. */
  metricNames(): string[] {
    return [...this.metricColumns.keys()];
  }

  /** x values of the step columns (the `step` of each gradient step). */
  steps(): Float64Array {
    return this.stepColumn.view();
  }

  /** One metric per gradient step, NaN where a step lacks it; empty for an unknown metric. */
  column(name: string): Float64Array {
    return this.metricColumns.get(name)?.view() ?? new Float64Array(0);
  }

  /** Event types with how many of each, in order of first appearance. */
  types(): { type: string; count: number }[] {
    return this.typeNames.map((type, code) => ({ type, count: this.typeCounts[code] ?? 0 }));
  }

  typeAt(index: number): string {
    return this.typeNames[this.typeCodes.get(index)] ?? "unknown";
  }

  idAt(index: number): string {
    return this.ids[index] ?? "";
  }

  /** The event as the service sent it (numbers from the columns, the rest as kept). */
  eventAt(index: number): TrainingEvent {
    const type = this.typeAt(index);
    const row = this.stepRows.get(index);
    const extra = this.extras.get(index);
    if (row < 0) return { id: this.idAt(index), type, data: extra ?? {} };
    const data: Record<string, unknown> = {};
    if (!this.rowsWithoutStep.has(row)) data.step = this.stepColumn.get(row);
    for (const [name, column] of this.metricColumns) {
      const value = column.get(row);
      if (!Number.isNaN(value)) data[name] = value;
    }
    return { id: this.idAt(index), type, data: extra ? { ...data, ...extra } : data };
  }

  /**
   * Positions of the events whose type is in `types`, in order. Scans the compact type codes
   * (2 bytes per event), so filtering 100,000 events takes about a millisecond.
   */
  indicesOfTypes(types: ReadonlySet<string>): Int32Array {
    const codes = new Set<number>();
    this.typeNames.forEach((name, code) => {
      if (types.has(name)) codes.add(code);
    });
    const all = this.typeCodes.view();
    const out = new Int32Array(all.length);
    let count = 0;
    for (let i = 0; i < all.length; i += 1) {
      if (codes.has(all[i]!)) {
        out[count] = i;
        count += 1;
      }
    }
    return out.subarray(0, count);
  }

  /** The job's summary (state, progress, latest metrics); one object per version. */
  summary(): JobSummary {
    if (this.summaryCache?.version !== this.currentVersion) {
      this.summaryCache = { version: this.currentVersion, value: copySummary(this.summaryDraft) };
    }
    return this.summaryCache.value;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
