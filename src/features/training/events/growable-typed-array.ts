type NumericArray = Float64Array | Int32Array | Uint16Array;

/**
 * An append-only typed array that doubles its buffer when full: a job's 100,000 steps cost one
 * number per metric per step, and appending never copies more than the doubling does.
 */
export class Growable<T extends NumericArray> {
  private buffer: T;
  private count = 0;

  constructor(
    private readonly make: (capacity: number) => T,
    capacity = 256,
  ) {
    this.buffer = make(capacity);
  }

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.count === this.buffer.length) {
      const next = this.make(this.buffer.length * 2);
      next.set(this.buffer);
      this.buffer = next;
    }
    this.buffer[this.count] = value;
    this.count += 1;
  }

  /** Makes room for `capacity` values in all, so the pushes up to it never copy. */
  reserve(capacity: number): void {
    if (capacity <= this.buffer.length) return;
    let size = Math.max(1, this.buffer.length);
    while (size < capacity) size *= 2;
    const next = this.make(size);
    next.set(this.buffer.subarray(0, this.count));
    this.buffer = next;
  }

  get(index: number): number {
    return this.buffer[index] ?? Number.NaN;
  }

  /** The filled part, without copying; valid until the next push that grows the buffer. */
  view(): T {
    return this.buffer.subarray(0, this.count) as T;
  }
}

export const growableFloat64 = (capacity?: number) => new Growable((n) => new Float64Array(n), capacity);
export const growableInt32 = (capacity?: number) => new Growable((n) => new Int32Array(n), capacity);
export const growableUint16 = (capacity?: number) => new Growable((n) => new Uint16Array(n), capacity);
