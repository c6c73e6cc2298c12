import * as fc from "fast-check";
import { QUALITY_SEED } from "./hostile-values";

/** Shortens a counterexample: a 100 KB string or a 10,000-element array would drown the report. */
function abbreviate(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "string" && v.length > 80) return `${v.slice(0, 40)}…(${v.length} chars)`;
    if (Array.isArray(v) && v.length > 10) return [...v.slice(0, 5), `…(${v.length} items)`];
    return v;
  });
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/**
 * Runs an async property with the suite's fixed seed and a bounded number of runs, without
 * shrinking (one failure is reported as found), and fails with the cause and a readable
 * counterexample. Re-run one case with `{ seed, path }` from the message.
 */
export async function checkProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  numRuns: number,
): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    seed: QUALITY_SEED,
    numRuns,
    endOnFailure: true,
  });
  if (!details.failed) return;
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
  const where = `seed ${details.seed}, path "${details.counterexamplePath ?? ""}", after ${details.numRuns} run(s)`;
  cause.message = `${cause.message}\nCounterexample (${where}): ${abbreviate(details.counterexample)}`;
  throw cause;
}
