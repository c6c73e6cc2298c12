import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { requestGate } from "@/api/test-support";
import { createLocalServer } from "@/test/local-server";
import { createQueueTestContext } from "../test-support";
import { DEFAULT_TABLE_STATE, type ItemsTableState } from "../shared/items-url-state";
import { useItemsPage } from "./use-items-page";

const PROJECT = "demo/support-bot";

/** The in-process services behind a fetch that can be held, so a request can be seen in flight. */
function setup(items = 130) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items });
  const signals: { body: string; signal: AbortSignal }[] = [];
  const gate = requestGate();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    signals.push({ body: await request.clone().text(), signal: request.signal });
    await gate.pass();
    return server.fetch(request);
  };
  const context = createQueueTestContext(server.settings, fetch);
  const bodies = () =>
    signals.map((s) => JSON.parse(s.body) as Record<string, unknown>).filter((b) => "include_position" in b);
  return { server, queueId, context, signals, bodies, hold: gate.hold };
}

function renderItemsPage(env: ReturnType<typeof setup>, initial: Partial<ItemsTableState>, queueTotal: number | null) {
  return renderHook(({ state }) => useItemsPage(PROJECT, env.queueId, state, queueTotal), {
    wrapper: env.context.Wrapper,
    initialProps: { state: { ...DEFAULT_TABLE_STATE, ...initial } },
  });
}

describe("useItemsPage against the local service", () => {
  it("loads a page with one row of look-ahead and positions, and knows the total without a filter", async () => {
    const env = setup();
    const { result } = renderItemsPage(env, { pageSize: 50 }, 130);
    await waitFor(() => expect(result.current.page.items).toHaveLength(50));
    expect(result.current.page).toMatchObject({ offset: 0, hasNext: true, total: 130 });
    expect(result.current.page.items.map((i) => i.position_in_queue)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(env.bodies()[0]).toMatchObject({ project_id: PROJECT, limit: 51, offset: 0, include_position: true });
  });

  it("keeps the old rows while the next page loads, prefetches the page after, and learns the total on the last page", async () => {
    const env = setup();
    const { result, rerender } = renderItemsPage(
      env,
      { pageSize: 50, states: ["unstarted", "in_progress", "completed", "skipped"] },
      130,
    );
    await waitFor(() => expect(result.current.page.items).toHaveLength(50));
    // Filtered: the queue's total does not apply.
    expect(result.current.page.total).toBeNull();
    // Page 2 was prefetched as soon as page 1 said there is more.
    await waitFor(() => expect(env.bodies().some((b) => b.offset === 50)).toBe(true));
    const firstPage = result.current.page.items;

    const release = env.hold();
    rerender({
      state: {
        ...DEFAULT_TABLE_STATE,
        pageSize: 50,
        states: ["unstarted", "in_progress", "completed", "skipped"],
        page: 3,
      },
    });
    await waitFor(() => expect(result.current.query.isPlaceholderData).toBe(true));
    expect(result.current.page.items).toBe(firstPage);
    expect(result.current.page.offset).toBe(0);
    release();
    await waitFor(() => expect(result.current.query.isPlaceholderData).toBe(false));
    expect(result.current.page).toMatchObject({ offset: 100, hasNext: false, total: 130 });
    expect(result.current.page.items).toHaveLength(30);
  });

  it("cancels a request that a newer view has replaced", async () => {
    const env = setup();
    const { result, rerender } = renderItemsPage(env, { pageSize: 25 }, null);
    await waitFor(() => expect(result.current.page.items).toHaveLength(25));
    const release = env.hold();
    rerender({ state: { ...DEFAULT_TABLE_STATE, pageSize: 25, sort: [{ field: "created_at", direction: "desc" }] } });
    await waitFor(() => expect(env.signals.at(-1)?.body).toContain("created_at"));
    const superseded = env.signals.at(-1)!;
    rerender({ state: { ...DEFAULT_TABLE_STATE, pageSize: 25, sort: [{ field: "updated_at", direction: "desc" }] } });
    await waitFor(() => expect(superseded.signal.aborted).toBe(true));
    release();
    await waitFor(() => expect(result.current.query.isPlaceholderData).toBe(false));
    expect(result.current.request.sort_by).toEqual([{ field: "updated_at", direction: "desc" }]);
  });

  it("shows no other queue's rows while a queue loads", async () => {
    const env = setup();
    const other = seedLargeQueue(env.server.db, { projectId: PROJECT, items: 10, name: "other" });
    const { result, rerender } = renderHook(
      ({ queueId }) => useItemsPage(PROJECT, queueId, DEFAULT_TABLE_STATE, null),
      {
        wrapper: env.context.Wrapper,
        initialProps: { queueId: env.queueId },
      },
    );
    await waitFor(() => expect(result.current.page.items).toHaveLength(50));
    const release = env.hold();
    rerender({ queueId: other });
    await waitFor(() => expect(result.current.page.items).toHaveLength(0));
    release();
    await waitFor(() => expect(result.current.page.items).toHaveLength(10));
  });
});
