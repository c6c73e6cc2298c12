/**
 * A computation that yields between parts of its work, so a caller in the browser can give the
 * main thread back (input, paint) between them; the value comes with the last step.
 */
export type Steps<T> = Generator<void, T>;

/** Every step at once, for callers that need not yield (tests, the benchmark). */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
