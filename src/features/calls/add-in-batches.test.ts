import { describe, expect, it, vi } from "vitest";
import type { AddItemsResponse } from "@contract/trace";
import { addInBatches, type AddProgress } from "./add-in-batches";

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `c${from + i}`);

/** An add endpoint over an in-memory queue: repeats count as duplicates, ids in `unknown` are skipped (as upstream). */
function fakeQueue(options: { already?: string[]; unknown?: string[] } = {}) {
  const queued = new Set(options.already);
  const unknown = new Set(options.unknown);
  const add = vi.fn<(callIds: string[]) => Promise<AddItemsResponse>>(async (callIds) => {
    let added = 0;
    let duplicates = 0;
    for (const id of callIds) {
      if (unknown.has(id)) continue;
      if (queued.has(id)) duplicates++;
      else {
        queued.add(id);
        added++;
      }
    }
    return { added_count: added, duplicates };
  });
  return { add, queued };
}

describe("adding calls to a queue in batches", () => {
  it("sends the selected ids in batches the endpoint accepts and reports progress", async () => {
    const { add, queued } = fakeQueue();
    const progress: AddProgress[] = [];
    const outcome = await addInBatches({
      source: { kind: "selected", ids: ids(2500) },
      add,
      cancelled: () => false,
      onProgress: (p) => progress.push(p),
    });
    expect(add.mock.calls.map(([batch]) => batch.length)).toEqual([1000, 1000, 500]);
    expect(progress.map((p) => p.done)).toEqual([1000, 2000, 2500]);
    expect(outcome).toEqual({ status: "finished", added: 2500, duplicates: 0, unknown: 0, done: 2500, total: 2500 });
    expect(queued.size).toBe(2500);
  });

  it("reports calls already in the queue as duplicates (never added twice) and ids the service skipped as unknown", async () => {
    const { add, queued } = fakeQueue({ already: ["c1", "c2"], unknown: ["c4"] });
    const outcome = await addInBatches({ source: { kind: "selected", ids: ids(6) }, add, cancelled: () => false });
    expect(outcome).toMatchObject({ status: "finished", added: 3, duplicates: 2, unknown: 1 });
    expect([...queued].sort()).toEqual(["c0", "c1", "c2", "c3", "c5"]);
  });

  it("reads 'all matching' a window of ids at a time and stops at the total", async () => {
    const { add } = fakeQueue();
    const readIds = vi.fn<(offset: number, limit: number) => Promise<string[]>>(async (offset, limit) =>
      ids(Math.min(limit, 2300 - offset), offset),
    );
    const outcome = await addInBatches({
      source: { kind: "matching", total: 2100, readIds },
      add,
      cancelled: () => false,
    });
    expect(readIds.mock.calls).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 100],
    ]);
    expect(outcome).toMatchObject({ status: "finished", added: 2100, done: 2100 });
  });

  it("stops after the batch in flight when cancelled, saying how many were added", async () => {
    const { add } = fakeQueue();
    let cancel = false;
    const outcome = await addInBatches({
      source: { kind: "selected", ids: ids(3000) },
      add: async (batch) => {
        const res = await add(batch);
        cancel = true; // pressed while the first batch was on its way
        return res;
      },
      cancelled: () => cancel,
    });
    expect(add).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ status: "cancelled", added: 1000, done: 1000, total: 3000 });
  });

  it("stops at a failure and goes on from there on retry, keeping the counts", async () => {
    const { add, queued } = fakeQueue({ already: ["c0"] });
    let fail = true;
    const flaky = vi.fn<(batch: string[]) => Promise<AddItemsResponse>>(async (batch) => {
      if (batch[0] === "c1000" && fail) throw new Error("503");
      return add(batch);
    });
    const source = { kind: "selected" as const, ids: ids(1500) };
    const failed = await addInBatches({ source, add: flaky, cancelled: () => false });
    expect(failed).toMatchObject({ status: "failed", added: 999, duplicates: 1, done: 1000 });
    expect(failed.error).toEqual(new Error("503"));

    fail = false;
    const resumed = await addInBatches({
      source,
      add: flaky,
      cancelled: () => false,
      resume: { done: failed.done, counts: failed },
    });
    expect(resumed).toMatchObject({ status: "finished", added: 1499, duplicates: 1, done: 1500 });
    expect(flaky.mock.calls.at(-1)?.[0][0]).toBe("c1000");
    expect(queued.size).toBe(1500);
  });

  it("fails without sending when the ids cannot be read, and finishes early when fewer calls match now", async () => {
    const { add } = fakeQueue();
    const unreadable = await addInBatches({
      source: { kind: "matching", total: 10, readIds: () => Promise.reject(new Error("offline")) },
      add,
      cancelled: () => false,
    });
    expect(unreadable).toMatchObject({ status: "failed", done: 0 });
    expect(add).not.toHaveBeenCalled();

    const shrunk = await addInBatches({
      source: { kind: "matching", total: 10, readIds: async (offset) => (offset === 0 ? ids(4) : []) },
      add,
      cancelled: () => false,
    });
    expect(shrunk).toMatchObject({ status: "finished", added: 4, done: 4 });
  });
});
