import { beforeAll, describe, expect, it } from "vitest";
import type { AnnotationQueueItem, ItemSortBy } from "@contract/trace";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { DEFAULT_TABLE_STATE, toListRequest, type ItemsTableState } from "../shared/items-url-state";
import { compareInList } from "./list-order";
import { countBefore, PROBES_PER_ROUND } from "./list-search";
import {
  firstAfter,
  firstWantedAfter,
  LIST_START,
  neighboursIn,
  NONE_AFTER,
  readAround,
  type FetchRows,
} from "./list-window";

const PROJECT = "demo/support-bot";
let server: ReturnType<typeof createLocalServer>;
let queueId: string;

beforeAll(() => {
  server = createLocalServer();
  queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 240, now: new Date("2026-11-20T12:00:00Z") });
});

/** Rows of a list over the real service, counting the reads. */
function lister(view: Partial<ItemsTableState>) {
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const state = { ...DEFAULT_TABLE_STATE, ...view };
  let reads = 0;
  const fetchRows: FetchRows = async (offset, limit) => {
    reads++;
    return (await clients.trace.queryItems(queueId, toListRequest(PROJECT, state, { offset, limit }))).items;
  };
  const all = async () =>
    (await clients.trace.queryItems(queueId, toListRequest(PROJECT, state, { offset: 0, limit: 10_000 }))).items;
  const whole = async () =>
    (
      await clients.trace.queryItems(
        queueId,
        toListRequest(PROJECT, { ...state, states: [] }, { offset: 0, limit: 10_000 }),
      )
    ).items;
  return { fetchRows, all, whole, reads: () => reads, sort: state.sort };
}

const VIEWS: [string, Partial<ItemsTableState>][] = [
  ["the whole queue in the default order", {}],
  [
    "completed or skipped, newest first",
    { states: ["completed", "skipped"], sort: [{ field: "created_at", direction: "desc" }] },
  ],
  [
    "unstarted, by operation then call start",
    {
      states: ["unstarted"],
      sort: [
        { field: "call_op_name", direction: "asc" },
        { field: "call_started_at", direction: "desc" },
      ],
    },
  ],
];

describe.each(VIEWS)("placing an item in %s, by comparing it with the list's rows", (_name, view) => {
  it("orders the rows exactly as the service does", async () => {
    const { all, sort } = lister(view);
    const items = await all();
    expect(items.length).toBeGreaterThan(10);
    for (let i = 1; i < items.length; i++) expect(compareInList(items[i - 1]!, items[i]!, sort)).toBeLessThan(0);
  });

  it("counts the rows before any item, from any hint, in few reads", async () => {
    const { fetchRows, all, reads, sort } = lister(view);
    const items = await all();
    for (const index of [0, 1, Math.floor(items.length / 2), items.length - 1]) {
      for (const hint of [0, index, items.length + 50]) {
        const before = reads();
        await expect(countBefore(fetchRows, items[index]!, sort, hint)).resolves.toBe(index);
        // The rounds are counted in list-search.test.ts; here, that the reads stay few.
        expect(reads() - before).toBeLessThanOrEqual(PROBES_PER_ROUND * Math.ceil(Math.log2(items.length + 60)) + 1);
      }
    }
  });

  it("finds the neighbours of an item in the list, with a right, wrong or missing hint", async () => {
    const { fetchRows, all, sort } = lister(view);
    const items = await all();
    for (const index of [0, 5, items.length - 1]) {
      for (const hint of [index, null, index + 7, 0]) {
        const { neighbours } = await readAround(fetchRows, items[index]!, sort, { hint });
        expect(neighbours.index).toBe(index);
        expect(neighbours.prev?.item.id ?? null).toBe(items[index - 1]?.id ?? null);
        expect(neighbours.next?.item.id ?? null).toBe(items[index + 1]?.id ?? null);
        expect(neighbours.next?.index ?? null).toBe(items[index + 1] ? index + 1 : null);
      }
    }
  });

  it("places an item that is not in the list between the rows around it", async () => {
    const { fetchRows, all, whole, sort } = lister(view);
    const listed = new Set((await all()).map((i) => i.id));
    const outside = (await whole()).filter((i) => !listed.has(i.id));
    const items = await all();
    for (const item of outside.slice(0, 6)) {
      const { neighbours } = await readAround(fetchRows, item, sort, { hint: null });
      const before = items.filter((i) => compareInList(i, item, sort) < 0);
      expect(neighbours.index).toBeNull();
      expect(neighbours.before).toBe(before.length);
      expect(neighbours.prev?.item.id ?? null).toBe(before.at(-1)?.id ?? null);
      expect(neighbours.next?.item.id ?? null).toBe(items[before.length]?.id ?? null);
    }
  });
});

// ---- a list that moves: an in-memory queue whose "unstarted" list loses items as they are done ----

type Row = AnnotationQueueItem;
const SORT: ItemSortBy[] = [];

function queueOf(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `item-${String(i).padStart(4, "0")}`,
    project_id: PROJECT,
    queue_id: "q",
    call_id: `call-${i}`,
    call_started_at: "2026-11-20T10:00:00.000Z",
    call_op_name: "op",
    call_trace_id: `trace-${i}`,
    display_fields: [],
    annotation_state: "unstarted",
    created_at: `2026-11-20T10:${String(Math.floor(i / 7) % 60).padStart(2, "0")}:00.000Z`,
    created_by: "user-demo",
    updated_at: "2026-11-20T10:00:00.000Z",
  }));
}

/**
 * The unstarted list of `rows`, as a service would serve it. `staleReads` reads are answered from a
 * snapshot taken before the latest change (a read that raced the write), the rest from now.
 */
function movingList(rows: Row[]) {
  let snapshot = rows.map((r) => ({ ...r }));
  let staleReads = 0;
  const list = (from: Row[]) =>
    from.filter((r) => r.annotation_state === "unstarted").sort((a, b) => compareInList(a, b, SORT));
  const fetchRows: FetchRows = async (offset, limit) => {
    const source = staleReads > 0 ? snapshot : rows;
    if (staleReads > 0) staleReads--;
    return list(source).slice(offset, offset + limit);
  };
  return {
    fetchRows,
    complete(id: string, options: { raceReads?: number } = {}) {
      snapshot = rows.map((r) => ({ ...r }));
      rows.find((r) => r.id === id)!.annotation_state = "completed";
      staleReads = options.raceReads ?? 0;
    },
    unstarted: () => list(rows),
  };
}

/** The rows firstWantedAfter is asked for below. */
const WANTED_IDS = new Set(["item-0009", "item-0020"]);
const wanted = (item: Row) => WANTED_IDS.has(item.id);

describe("moving through a list that items leave as they are done (the stuck Complete & next)", () => {
  it("always lands on the next unstarted item, whatever the hint and however reads race the writes", async () => {
    const rows = queueOf(120);
    const queue = movingList(rows);
    let current = queue.unstarted()[0]!;
    let hint: number | null = 0;
    for (let step = 0; step < 100; step++) {
      const expected = queue.unstarted().find((r) => compareInList(r, current, SORT) > 0)!;
      // Complete the current item; some of the next reads still see it (a read that raced the write).
      queue.complete(current.id, { raceReads: step % 3 });
      const { neighbours } = await readAround(queue.fetchRows, current, SORT, {
        hint,
        listed: (item) => rows.find((r) => r.id === item.id)!.annotation_state === "unstarted",
      });
      expect(neighbours.next?.item.id, `step ${step}`).toBe(expected.id);
      current = neighbours.next!.item;
      // The hint handed on is often wrong by one (the list shifted): it must not matter.
      hint = step % 2 === 0 ? neighbours.next!.index : neighbours.next!.index + 1;
    }
  });

  it("reads the neighbours from a window already at hand, and says when the window cannot tell", () => {
    const rows = queueOf(10);
    const window = { offset: 2, items: rows.slice(2, 7), reachesEnd: false };
    expect(neighboursIn(window, rows[4]!, SORT)).toMatchObject({
      index: 4,
      prev: { item: rows[3], index: 3 },
      next: { item: rows[5], index: 5 },
    });
    // The window's first row has nothing before it that the window knows of.
    expect(neighboursIn(window, rows[2]!, SORT)).toBeUndefined();
    // Nor after the last, unless the window reaches the list's end.
    expect(neighboursIn(window, rows[6]!, SORT)).toBeUndefined();
    expect(neighboursIn({ ...window, reachesEnd: true }, rows[6]!, SORT)).toMatchObject({ index: 6, next: null });
    // Rows taken out of the list by a change not yet on the service are skipped, and the indexes close up.
    const done = new Set([rows[4]!.id, rows[5]!.id]);
    expect(neighboursIn(window, rows[4]!, SORT, (i) => !done.has(i.id))).toMatchObject({
      index: null,
      before: 4,
      prev: { item: rows[3] },
      next: { item: rows[6], index: 4 },
    });
    // Every listed row after the anchor is handed on for read-ahead, in the list's order.
    expect(neighboursIn(window, rows[3]!, SORT, (i) => !done.has(i.id))?.following).toEqual([
      { item: rows[6], index: 4 },
    ]);
    expect(neighboursIn(window, rows[3]!, SORT)?.following.map((n) => n.index)).toEqual([4, 5, 6]);
  });

  it("places the next item in the window read ahead for it, after the current one has left the list (Complete & next from the middle of a list)", async () => {
    // The review of row 3 reads row 4's window ahead, with row 4's index as the hint; then row 3 is
    // completed and the review moves to row 4. Its window must still know the row before it (row 2,
    // unchanged), or the next move waits for the list to be read again (an e2e caught it).
    const rows = queueOf(12);
    const queue = movingList(rows);
    const ahead = await readAround(queue.fetchRows, rows[4]!, SORT, { hint: 4 });
    queue.complete(rows[3]!.id);
    const listed = (item: Row) => item.id !== rows[3]!.id;
    expect(neighboursIn(ahead.window, rows[4]!, SORT, listed)).toMatchObject({
      index: 3,
      prev: { item: rows[2], index: 2 },
      next: { item: rows[5], index: 4 },
    });
  });

  it("finds the first unstarted item after one, with its index in that list, wrapping to the start when none comes later", async () => {
    const rows = queueOf(12);
    const queue = movingList(rows);
    for (const id of ["item-0003", "item-0004", "item-0010", "item-0011"]) queue.complete(id);
    // The unstarted list: rows 0, 1, 2, 5, 6, 7, 8, 9. [anchor, row found, its index in that list, wrapped]
    const cases: [number, number, number, boolean][] = [
      [3, 5, 3, false],
      [6, 7, 5, false],
      [9, 0, 0, true],
      [11, 0, 0, true],
    ];
    for (const [anchor, found, index, wrapped] of cases)
      await expect(firstAfter(queue.fetchRows, rows[anchor]!, SORT)).resolves.toEqual({
        item: rows[found],
        wrapped,
        index,
      });
  });

  it("finds a wanted row after one in a single read from its place, and says when that read cannot tell", async () => {
    const rows = queueOf(30);
    const queue = movingList(rows);
    let reads = 0;
    const fetchRows: FetchRows = (offset, limit) => {
      reads++;
      return queue.fetchRows(offset, limit);
    };
    await expect(firstWantedAfter(fetchRows, rows[4]!, SORT, 4, 10, wanted)).resolves.toMatchObject({
      item: rows[9],
      index: 9,
      window: { offset: 4, items: rows.slice(4, 14), reachesEnd: false },
    });
    expect(reads).toBe(1);
    // Not within the read: the caller searches.
    await expect(firstWantedAfter(fetchRows, rows[9]!, SORT, 9, 10, wanted)).resolves.toBeUndefined();
    // The read reached the list's end without one: none comes later (the caller wraps without a search).
    await expect(firstWantedAfter(fetchRows, rows[20]!, SORT, 20, 50, wanted)).resolves.toBe(NONE_AFTER);
    // From the list's start, every row counts, at its index; an empty list has none.
    await expect(firstWantedAfter(fetchRows, LIST_START, SORT, 0, 15, wanted)).resolves.toMatchObject({
      item: rows[9],
      index: 9,
    });
    await expect(firstWantedAfter(async () => [], LIST_START, SORT, 0, 15, wanted)).resolves.toBe(NONE_AFTER);
    // The read's last row, with more rows after it: the read would not place it as its window.
    await expect(firstWantedAfter(fetchRows, rows[4]!, SORT, 0, 10, wanted)).resolves.toBeUndefined();
    // The anchor has left the list: the read starts at the row before it.
    queue.complete(rows[4]!.id);
    await expect(firstWantedAfter(fetchRows, rows[4]!, SORT, 3, 10, wanted)).resolves.toMatchObject({
      item: rows[9],
      index: 8,
    });
    // Rows before it went meanwhile: a read from the old place starts after it, and might have skipped one.
    queue.complete(rows[1]!.id);
    queue.complete(rows[2]!.id);
    await expect(firstWantedAfter(fetchRows, rows[4]!, SORT, 3, 10, wanted)).resolves.toBeUndefined();
  });
});
