import { beforeAll, describe, expect, it } from "vitest";
import type { AnnotationQueueItem } from "../../../../contract/trace";
import { seedLargeQueue } from "../../../../server/seed/trace-seed";
import { createApiClients } from "../../../api/clients";
import { createLocalServer } from "../../../test/local-server";
import { DEFAULT_TABLE_STATE, toListRequest, type ItemsTableState } from "../queue-items/items-url-state";
import { countUpTo, findNeighbours, findNextAfter, type FetchWindow } from "./list-search";

const PROJECT = "demo/support-bot";
let server: ReturnType<typeof createLocalServer>;
let queueId: string;

beforeAll(() => {
  server = createLocalServer();
  queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 240, now: new Date("2026-11-20T12:00:00Z") });
});

/** A window fetcher over the real service, counting its requests. */
function lister(view: Partial<ItemsTableState>) {
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const state = { ...DEFAULT_TABLE_STATE, ...view };
  let requests = 0;
  const fetchWindow: FetchWindow = async (offset, limit) => {
    requests++;
    return (await clients.trace.queryItems(queueId, toListRequest(PROJECT, state, { offset, limit }))).items;
  };
  const all = async () => (await clients.trace.queryItems(queueId, { ...toListRequest(PROJECT, state, { offset: 0, limit: 10_000 }) })).items;
  return { fetchWindow, all, requests: () => requests };
}

const VIEWS: [string, Partial<ItemsTableState>][] = [
  ["the whole queue in the default order", {}],
  ["completed or skipped, newest first", { states: ["completed", "skipped"], sort: [{ field: "created_at", direction: "desc" }] }],
  ["unstarted, by operation then call start", { states: ["unstarted"], sort: [{ field: "call_op_name", direction: "asc" }, { field: "call_started_at", direction: "desc" }] }],
];

describe.each(VIEWS)("placing an item in %s", (_name, view) => {
  it("counts the items at or before any position, from any hint", async () => {
    const { fetchWindow, all } = lister(view);
    const items = await all();
    expect(items.length).toBeGreaterThan(10);
    for (const index of [0, 1, Math.floor(items.length / 2), items.length - 1]) {
      const position = items[index]!.position_in_queue!;
      for (const hint of [0, index, items.length + 50]) {
        await expect(countUpTo(fetchWindow, position, hint)).resolves.toBe(index + 1);
      }
    }
    // Before the first item and after the last one.
    await expect(countUpTo(fetchWindow, items[0]!.position_in_queue! - 1)).resolves.toBe(0);
    await expect(countUpTo(fetchWindow, 100_000, 3)).resolves.toBe(items.length);
  });

  it("finds the items before and after, with or without the table's index", async () => {
    const { fetchWindow, all } = lister(view);
    const items = await all();
    for (const index of [0, 5, items.length - 1]) {
      const item = items[index]!;
      for (const hint of [index, null, index + 7]) {
        const found = await findNeighbours(fetchWindow, item, { hint, inList: true });
        expect(found.index).toBe(index);
        expect(found.prev?.item.id).toBe(items[index - 1]?.id);
        expect(found.prev?.index ?? null).toBe(index > 0 ? index - 1 : null);
        expect(found.next?.item.id).toBe(items[index + 1]?.id);
      }
    }
  });
});

describe("placing an item", () => {
  it("takes one request when the table's index is right", async () => {
    const { fetchWindow, all, requests } = lister({});
    const items = await all();
    await findNeighbours(fetchWindow, items[40]!, { hint: 40, inList: true });
    expect(requests()).toBe(1);
  });

  it("keeps a place for an item that left the list (just completed, say)", async () => {
    const queue = lister({});
    const unstarted = lister({ states: ["unstarted"] });
    const everything = await queue.all();
    const remaining = await unstarted.all();
    // An item that is not unstarted, with unstarted items on both sides of it.
    const outsider = everything.find(
      (i) => i.annotation_state !== "unstarted" && remaining.some((r) => r.position_in_queue! < i.position_in_queue!) && remaining.some((r) => r.position_in_queue! > i.position_in_queue!),
    )!;
    const before = remaining.filter((r) => r.position_in_queue! < outsider.position_in_queue!);
    const found = await findNeighbours(unstarted.fetchWindow, outsider, { hint: 3, inList: false });
    expect(found.index).toBeNull();
    expect(found.prev).toEqual({ item: before.at(-1), index: before.length - 1 });
    expect(found.next).toEqual({ item: remaining[before.length], index: before.length });
  });

  it("finds the next unstarted item after a position, and wraps at the end", async () => {
    const { fetchWindow, all } = lister({ states: ["unstarted"] });
    const unstarted = await all();
    const queueItems = await lister({}).all();
    const current = queueItems[10]!;
    const expected = unstarted.find((u) => u.position_in_queue! > current.position_in_queue!);
    await expect(findNextAfter(fetchWindow, current.position_in_queue!, current.id)).resolves.toEqual({ item: expected, wrapped: false });

    const last = unstarted.at(-1) as AnnotationQueueItem;
    const wrapped = await findNextAfter(fetchWindow, last.position_in_queue!, last.id);
    expect(wrapped).toEqual({ item: unstarted[0], wrapped: true });
  });
});
