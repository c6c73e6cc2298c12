import type { Database } from "better-sqlite3";
import { writeTransaction } from "./write-transaction";
import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Payload characters one write step may store. Writing to SQLite costs about as much per byte as
 * the bytes themselves (a row of tens of MB is a long write, longer on a loaded machine), and a
 * write holds the event loop: every other request, /health and the annotators' reviews, waits.
 * One MiB per step keeps each hold to a few milliseconds.
 */
export const STEP_CHARS = 1024 * 1024;
/** Rows one write step may store, however small they are. */
export const STEP_ROWS = 1_000;
/**
 * Milliseconds one write step may go on for, whatever it stored. The same 1,000 small rows take
 * several times longer on a loaded machine than on a quiet one (each row written to two indexes):
 * the step ends on time, not only on size.
 */
export const STEP_MS = 10;

/**
 * Writes `count` rows in short transactions (STEP_CHARS of payload, STEP_ROWS rows or STEP_MS
 * each, whichever comes first, and at least one row), each in a turn of the event loop of its own, so
 * other requests are served between them. `sizeOf(i)`: the
 * payload characters of row i; `writeRow(i)`: stores it; `stepMs`: STEP_MS but in tests. Not atomic: the caller makes a partly
 * written set invisible until the last row is in, and removes it if this throws.
 */
export async function writeInSteps(
  db: Database,
  count: number,
  sizeOf: (index: number) => number,
  writeRow: (index: number) => void,
  { stepMs = STEP_MS } = {},
): Promise<void> {
  let next = 0;
  while (next < count) {
    // Every step starts a turn of its own, the first included: a caller that writes twice in a row (a
    // table's rows, then the table) would otherwise run one call's last step and the next one's first
    // in the same turn, twice the hold.
    await nextTurn();
    next = writeTransaction(db, () => writeOneStep(next));
  }

  /** Writes rows from `first` on, as many as one step takes; returns the index after the last. */
  function writeOneStep(first: number): number {
    const deadline = performance.now() + stepMs;
    let index = first;
    let chars = 0;
    do {
      chars += sizeOf(index);
      writeRow(index);
      index += 1;
    } while (
      index < count &&
      index - first < STEP_ROWS &&
      chars + sizeOf(index) <= STEP_CHARS &&
      performance.now() < deadline
    );
    return index;
  }
}
