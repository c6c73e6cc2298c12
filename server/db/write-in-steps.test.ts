import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { STEP_CHARS, STEP_ROWS, writeInSteps } from "./write-in-steps";

function tableDb() {
  const db = new BetterSqlite3(":memory:");
  db.exec("CREATE TABLE t (idx INTEGER PRIMARY KEY, payload TEXT NOT NULL)");
  return db;
}

/**
 * Writes `sizes` (payload lengths) with writeInSteps (steps unbounded in time unless `stepMs` is
 * given, so a loaded machine cannot change the steps) and records, for each row, how many times
 * the event loop had run other work (a setImmediate chain) before it was written.
 */
async function stepsOf(sizes: number[], stepMs = Number.POSITIVE_INFINITY): Promise<number[]> {
  const db = tableDb();
  const insert = db.prepare("INSERT INTO t (idx, payload) VALUES (?, ?)");
  let turns = 0;
  let writing = true;
  const tick = () => {
    turns += 1;
    if (writing) setImmediate(tick);
  };
  setImmediate(tick);
  const turnAtRow: number[] = [];
  await writeInSteps(
    db,
    sizes.length,
    (i) => sizes[i]!,
    (i) => {
      turnAtRow.push(turns);
      insert.run(i, "x".repeat(sizes[i]!));
    },
    { stepMs },
  );
  writing = false;
  expect(db.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: sizes.length });
  return turnAtRow;
}

/** The step each row was written in, numbered from 0, from the event-loop turns it saw. */
const stepNumbers = (turns: number[]) => turns.map((turn) => [...new Set(turns)].indexOf(turn));

describe("writeInSteps", () => {
  it("writes at most STEP_CHARS of payload per step, letting the event loop run between steps", async () => {
    const quarter = STEP_CHARS / 4;
    const steps = stepNumbers(await stepsOf([quarter, quarter, quarter, quarter, quarter, quarter]));
    expect(steps).toEqual([0, 0, 0, 0, 1, 1]);
  });

  it("writes a row larger than a step alone, and never an empty step", async () => {
    const steps = stepNumbers(await stepsOf([10, STEP_CHARS * 3, 10, 10]));
    expect(steps).toEqual([0, 1, 2, 2]);
  });

  it("writes at most STEP_ROWS rows per step however small they are", async () => {
    const steps = stepNumbers(await stepsOf(Array.from({ length: STEP_ROWS + 5 }, () => 1)));
    expect(steps.filter((step) => step === 0)).toHaveLength(STEP_ROWS);
    expect(steps.slice(STEP_ROWS)).toEqual([1, 1, 1, 1, 1]);
  });

  it("keeps the steps already written when a later one fails, and rolls back the failing step", async () => {
    const db = tableDb();
    const insert = db.prepare("INSERT INTO t (idx, payload) VALUES (?, ?)");
    const sizes = [STEP_CHARS, 10, 10];
    const writing = writeInSteps(
      db,
      3,
      (i) => sizes[i]!,
      (i) => {
        if (i === 2) throw new Error("disk full");
        insert.run(i, "x");
      },
    );
    await expect(writing).rejects.toThrow("disk full");
    expect(db.prepare("SELECT idx FROM t ORDER BY idx").all()).toEqual([{ idx: 0 }]);
  });

  it("starts even the first step in a turn of its own: two calls in a row never share a turn", async () => {
    const db = tableDb();
    const insert = db.prepare("INSERT INTO t (idx, payload) VALUES (?, ?)");
    const rowsWritten: number[] = [];
    const writeOne = (idx: number) =>
      writeInSteps(
        db,
        1,
        () => 10,
        () => {
          rowsWritten.push(idx);
          insert.run(idx, "x");
        },
      );
    const first = writeOne(1);
    expect(rowsWritten).toEqual([]); // not in the caller's turn
    await first;
    const second = writeOne(2);
    expect(rowsWritten).toEqual([1]); // not in the turn that wrote the first
    await second;
    expect(rowsWritten).toEqual([1, 2]);
  });

  it("ends a step once it has gone on for its time (STEP_MS), after at least one row", async () => {
    const steps = stepNumbers(await stepsOf([10, 10, 10, 10], 0));
    expect(steps).toEqual([0, 1, 2, 3]);
  });
});
