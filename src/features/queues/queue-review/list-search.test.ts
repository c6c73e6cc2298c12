import { describe, expect, it } from "vitest";
import type { AnnotationQueueItem, ItemSortBy } from "@contract/trace";
import { countBefore, FINAL_READ_ROWS, findPlace, type FetchRows } from "./list-search";
import { firstAfter } from "./list-window";

const SORT: readonly ItemSortBy[] = [{ field: "created_at", direction: "asc" }];

/** A list of `size` items in the default order (created a second apart). */
function listOf(size: number): AnnotationQueueItem[] {
  return Array.from({ length: size }, (_, i): AnnotationQueueItem => {
    const created = new Date(Date.UTC(2026, 10, 20, 12, 0, i)).toISOString();
    return {
      id: `item-${String(i).padStart(6, "0")}`,
      project_id: "demo/support-bot",
      queue_id: "q",
      call_id: `call-${i}`,
      call_started_at: created,
      call_ended_at: null,
      call_op_name: "op",
      call_trace_id: `trace-${i}`,
      display_fields: [],
      added_by: null,
      annotation_state: "unstarted",
      annotator_user_id: null,
      created_at: created,
      created_by: "demo",
      updated_at: created,
      position_in_queue: null,
    };
  });
}

/**
 * The list's rows, answered a round at a time: every read the search sends before it waits is one
 * round trip. Counts the rounds, the reads and the rows read.
 */
function roundTrips(list: readonly AnnotationQueueItem[]) {
  let pending: (() => void)[] = [];
  const counts = { rounds: 0, reads: 0, rows: 0 };
  const fetchRows: FetchRows = (offset, limit) => {
    counts.reads++;
    return new Promise((resolve) => {
      pending.push(() => {
        const rows = list.slice(offset, offset + limit);
        counts.rows += rows.length;
        resolve(rows);
      });
    });
  };
  /** Runs the search, answering each round's reads once they are all sent. */
  async function run<T>(search: Promise<T>): Promise<T> {
    const state = { done: false };
    const result = search.finally(() => (state.done = true));
    while (!state.done) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (pending.length === 0) continue;
      counts.rounds++;
      const round = pending;
      pending = [];
      for (const answer of round) answer();
    }
    return result;
  }
  return { fetchRows, run, counts };
}

describe("counting the rows before an item, in few round trips", () => {
  it("gives the exact count for any item and any hint, in lists of every size", async () => {
    for (const size of [0, 1, 2, 5, 49, 50, 51, 52, 240, 1000]) {
      const list = listOf(size + 1);
      const anchorAt = [0, 1, Math.floor(size / 2), size - 1, size].filter((i) => i >= 0 && i <= size);
      for (const index of anchorAt) {
        // The anchor is the list's row `index`; the list searched holds every other row (the anchor may have left it).
        const anchor = list[index]!;
        for (const inList of [true, false]) {
          const rows = inList ? list.slice(0, size + 1) : list.filter((row) => row !== anchor);
          for (const hint of [0, index, Math.max(0, index - 3), index + 7, size + 50]) {
            const { fetchRows, run } = roundTrips(rows);
            await expect(run(countBefore(fetchRows, anchor, SORT, hint))).resolves.toBe(index);
          }
        }
      }
    }
  });

  // A review opened by its link (no index in the address) 300 rows into the list: read one row at a
  // time, the search would take 18 reads one after another.
  it("finds an item 300 rows from its hint in 5 round trips", async () => {
    const list = listOf(1000);
    const { fetchRows, run, counts } = roundTrips(list);
    await expect(run(countBefore(fetchRows, list[300]!, SORT, 0))).resolves.toBe(300);
    expect(counts.rounds).toBe(5);
    expect(counts.reads).toBeLessThanOrEqual(18);
    expect(counts.rows).toBeLessThanOrEqual(16 + FINAL_READ_ROWS);
  });

  it("needs two round trips when the hint is right, and three when it is a few rows off", async () => {
    const list = listOf(1000);
    for (const [hint, rounds] of [
      [500, 2],
      [497, 2],
      [505, 3],
    ] as const) {
      const { fetchRows, run, counts } = roundTrips(list);
      await expect(run(countBefore(fetchRows, list[500]!, SORT, hint))).resolves.toBe(500);
      expect(counts.rounds, `hint ${hint}`).toBeLessThanOrEqual(rounds);
    }
  });

  // One row at a time, this would take 34 reads one after another.
  it("searches a 100,000-row list in 11 round trips", async () => {
    const list = listOf(100_000);
    const { fetchRows, run, counts } = roundTrips(list);
    await expect(run(countBefore(fetchRows, list[73_219]!, SORT, 0))).resolves.toBe(73_219);
    expect(counts.rounds).toBe(11);
  });

  it("hands over the rows at the place it found, and whether the list ends there", async () => {
    const list = listOf(1000);
    const { fetchRows, run } = roundTrips(list);
    const place = await run(findPlace(fetchRows, list[300]!, SORT, 0));
    expect(place.before).toBe(300);
    expect(place.from[0]?.id).toBe(list[300]!.id);
    expect(place.from.length).toBeGreaterThanOrEqual(2);
    const atEnd = roundTrips(list.slice(0, 120));
    const last = await atEnd.run(findPlace(atEnd.fetchRows, list[119]!, SORT, 60));
    expect(last).toMatchObject({ before: 119, reachesEnd: true });
    expect(last.from.map((row) => row.id)).toEqual([list[119]!.id]);
  });

  // Next unstarted's search read the two rows after the item again, one more round trip.
  it("lets the first row after an item be found without reading its place's rows twice", async () => {
    const list = listOf(1000);
    const { fetchRows, run, counts } = roundTrips(list);
    await expect(run(firstAfter(fetchRows, list[300]!, SORT))).resolves.toMatchObject({
      item: { id: list[301]!.id },
      wrapped: false,
      index: 301,
    });
    expect(counts.rounds).toBe(5);
    // Told where the item probably is (its place in the table's list, when that is the same list), in fewer.
    const hinted = roundTrips(list);
    await expect(hinted.run(firstAfter(hinted.fetchRows, list[300]!, SORT, 300))).resolves.toMatchObject({
      index: 301,
    });
    expect(hinted.counts.rounds).toBe(3);
  });
});
