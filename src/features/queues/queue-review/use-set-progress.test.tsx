import { useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AnnotationQueueItem } from "@contract/trace";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { isApiError } from "@/api/errors";
import { createApiClients } from "@/api/clients";
import { useApiClients } from "@/connection/api-clients";
import { requestGate } from "@/api/test-support";
import { DRAWN_AFTER_MS } from "@/lib/after-next-paint";
import { holdFrames } from "@/test/held-frames";
import { createLocalServer } from "@/test/local-server";
import { createQueueTestContext } from "../test-support";
import { itemQueryOptions } from "./use-review-queries";
import { useSetProgress, type ProgressChange } from "./use-set-progress";

const PROJECT = "demo/support-bot";

function setup() {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 60 });
  const gate = requestGate();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (init?.method === "POST" && String(input).endsWith("/progress")) await gate.pass();
    return server.fetch(input, init);
  };
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  return { server, queueId, clients, context: createQueueTestContext(server.settings, fetch), hold: gate.hold };
}

async function firstItem(env: ReturnType<typeof setup>, state: AnnotationQueueItem["annotation_state"]) {
  const { items } = await env.clients.trace.queryItems(env.queueId, {
    project_id: PROJECT,
    filter: { annotation_states: [state] },
    limit: 1,
    include_position: true,
  });
  return items[0]!;
}

/** The mutation beside a query that shows the item, as the review page has them. */
function renderProgress(
  env: ReturnType<typeof setup>,
  itemId: string,
  callbacks: { onRefused?: (c: ProgressChange, e: unknown) => void; onAccepted?: (i: AnnotationQueueItem) => void },
) {
  return renderHook(
    () => {
      const { trace } = useApiClients();
      const shown = useQuery({ ...itemQueryOptions(trace, PROJECT, env.queueId, itemId), select: (d) => d.items[0] });
      const mutation = useSetProgress(PROJECT, env.queueId, { me: null, ...callbacks });
      return { shown, mutation };
    },
    { wrapper: env.context.Wrapper },
  );
}

/**
 * An unstarted item completed with the browser's animation frames held back (they wait in `frames`), and the count of
 * progress requests the service has had.
 */
async function completeWithFramesHeld() {
  const env = setup();
  const item = await firstItem(env, "unstarted");
  const { result } = renderProgress(env, item.id, {});
  await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("unstarted"));
  const frames = holdFrames().held;
  const sent = () => env.server.requests.filter((r) => r.method === "POST" && r.url.endsWith("/progress")).length;
  act(() => result.current.mutation.mutate({ itemId: item.id, state: "completed" }));
  return { result, frames, sent };
}

describe("useSetProgress against the local service", () => {
  it("sends the change once the frame that shows it is drawn, not in the press's own task nor while it is drawn", async () => {
    const { result, frames, sent } = await completeWithFramesHeld();
    // The lists show the change at once; the request waits for the frame.
    await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("completed"));
    await waitFor(() => expect(frames).toHaveLength(1));
    expect(sent()).toBe(0);
    // The frame's callbacks run, then it is rastered and drawn (DRAWN_AFTER_MS).
    act(() => frames.shift()!(performance.now()));
    await new Promise((resolve) => setTimeout(resolve, DRAWN_AFTER_MS / 2));
    expect(sent()).toBe(0);
    await waitFor(() => expect(sent()).toBe(1));
    vi.restoreAllMocks();
  });

  it.each(["beforeunload", "pagehide"])(
    "a page left before that frame is drawn (%s: a reload, another address, the tab closed) sends the change as it goes",
    async (leave) => {
      const { frames, sent } = await completeWithFramesHeld();
      await waitFor(() => expect(frames).toHaveLength(1));
      expect(sent()).toBe(0);
      act(() => void window.dispatchEvent(new Event(leave)));
      // At once, not after the 250 ms a frame that never comes is waited for at most.
      await waitFor(() => expect(sent()).toBe(1), { timeout: 100 });
      // The page is shown again (as from the back-forward cache): the next test's frames are held again.
      window.dispatchEvent(new Event("pageshow"));
      vi.restoreAllMocks();
    },
  );

  it("shows the new state at once, then the service's item", async () => {
    const env = setup();
    const item = await firstItem(env, "unstarted");
    const onAccepted = vi.fn<(item: AnnotationQueueItem) => void>();
    const { result } = renderProgress(env, item.id, { onAccepted });
    await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("unstarted"));
    const readAt = result.current.shown.dataUpdatedAt;

    const release = env.hold();
    act(() => result.current.mutation.mutate({ itemId: item.id, state: "completed" }));
    await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("completed"));
    expect(onAccepted).not.toHaveBeenCalled();
    // A patch is not a read: the list keeps the time it was read from the service.
    expect(result.current.shown.dataUpdatedAt).toBe(readAt);
    release();
    await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
    expect(onAccepted.mock.calls[0]?.[0]).toMatchObject({
      id: item.id,
      annotation_state: "completed",
      annotator_user_id: "user-demo",
    });
    const stored = await env.clients.trace.queryItems(env.queueId, { project_id: PROJECT, filter: { id: item.id } });
    expect(stored.items[0]?.annotation_state).toBe("completed");
  });

  it("leaves the item's updated_at alone, optimistically and after: a progress change does not touch the item record (upstream)", async () => {
    const env = setup();
    const item = await firstItem(env, "unstarted");
    const { result } = renderProgress(env, item.id, {});
    await waitFor(() => expect(result.current.shown.data?.updated_at).toBe(item.updated_at));

    const release = env.hold();
    act(() => result.current.mutation.mutate({ itemId: item.id, state: "skipped" }));
    await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("skipped"));
    expect(result.current.shown.data?.updated_at).toBe(item.updated_at);
    release();
    await waitFor(() => expect(result.current.mutation.isSuccess).toBe(true));
    expect(result.current.shown.data?.updated_at).toBe(item.updated_at);
    const stored = await env.clients.trace.queryItems(env.queueId, { project_id: PROJECT, filter: { id: item.id } });
    expect(stored.items[0]?.updated_at).toBe(item.updated_at);
  });

  it("rolls back with the service's reason when the move is refused", async () => {
    const env = setup();
    const item = await firstItem(env, "unstarted");
    await env.clients.trace.setItemProgress(env.queueId, item.id, { project_id: PROJECT, annotation_state: "skipped" });
    const onRefused = vi.fn<(change: ProgressChange, error: unknown) => void>();
    const { result } = renderProgress(env, item.id, { onRefused });
    await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("skipped"));

    const release = env.hold();
    act(() => result.current.mutation.mutate({ itemId: item.id, state: "completed" }));
    await waitFor(() => expect(result.current.shown.data?.annotation_state).toBe("completed"));
    release();
    await waitFor(() => expect(onRefused).toHaveBeenCalledOnce());
    expect(result.current.shown.data?.annotation_state).toBe("skipped");
    const [change, error] = onRefused.mock.calls[0]!;
    expect(change).toEqual({ itemId: item.id, state: "completed" });
    expect(isApiError(error) && error.status).toBe(400);
    expect(isApiError(error) && error.serviceMessage).toContain("final");
  });
});
