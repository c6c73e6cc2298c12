import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AnnotationQueue } from "@contract/trace";
import { createApiClients } from "@/api/clients";
import { traceKeys } from "@/api/queries/trace";
import { createLocalServer } from "@/test/local-server";
import { queueKeys } from "../api/queue";
import { createQueueTestContext } from "../test-support";
import { useCreateQueue, useDeleteQueue, useUpdateQueue } from "./use-queue-mutations";

const PROJECT = "demo/support-bot";
const LIST_REQUEST = { project_id: PROJECT };
/** What the edit form opened with: the queue as setup() makes it. */
const OPENED = { name: "First", description: "d", scorerRefs: [] };

async function setup() {
  const server = createLocalServer();
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const context = createQueueTestContext(server.settings, server.fetch);
  const scope = clients.trace.scope;
  const { id } = await clients.trace.createQueue({ project_id: PROJECT, name: "First", description: "d" });
  const listKey = traceKeys.queueList(scope, LIST_REQUEST);
  const detailKey = queueKeys.detail(scope, PROJECT, id);
  context.queryClient.setQueryData(listKey, await clients.trace.queryQueues(LIST_REQUEST));
  context.queryClient.setQueryData(detailKey, await clients.trace.readQueue(PROJECT, id));
  return { server, clients, context, id, listKey, detailKey };
}

describe("queue mutations and the cache", () => {
  it("an edit puts the stored queue into the cached read and every list at once", async () => {
    const { context, id, listKey, detailKey } = await setup();
    const { result } = renderHook(() => useUpdateQueue(PROJECT, id, OPENED), { wrapper: context.Wrapper });
    await act(() => result.current.mutateAsync({ name: "  Renamed ", description: "new", scorerRefs: [] }));
    expect(context.queryClient.getQueryData<AnnotationQueue>(detailKey)).toMatchObject({
      id,
      name: "Renamed",
      description: "new",
    });
    expect(context.queryClient.getQueryData<AnnotationQueue[]>(listKey)?.map((q) => q.name)).toEqual(["Renamed"]);
  });

  it("a create reads the lists again, so the new queue shows in them", async () => {
    const { context, listKey } = await setup();
    const { result } = renderHook(() => useCreateQueue(PROJECT), { wrapper: context.Wrapper });
    await act(() => result.current.mutateAsync({ name: "Second", description: "", scorerRefs: [] }));
    expect(context.queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it("a delete takes the queue out of every list at once and marks its read stale without reading it again", async () => {
    const { server, context, id, listKey, detailKey } = await setup();
    const { result } = renderHook(() => useDeleteQueue(PROJECT), { wrapper: context.Wrapper });
    const reads = () => server.requests.filter((r) => r.method === "GET").length;
    const before = reads();
    const deleted = await act(() => result.current.mutateAsync(id));
    expect(deleted.deleted_at).not.toBeNull();
    expect(context.queryClient.getQueryData<AnnotationQueue[]>(listKey)).toEqual([]);
    expect(context.queryClient.getQueryState(detailKey)?.isInvalidated).toBe(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(reads()).toBe(before);
  });

  it("an edit sends only the fields that changed, so a colleague's change to another field stays", async () => {
    const { server, clients, context, id } = await setup();
    const { result } = renderHook(() => useUpdateQueue(PROJECT, id, OPENED), { wrapper: context.Wrapper });
    // Meanwhile a colleague rewrites the guidelines.
    await clients.trace.updateQueue(id, { project_id: PROJECT, description: "Colleague's guidelines" });
    await act(() => result.current.mutateAsync({ ...OPENED, name: "Renamed" }));
    const sent = await server.requests
      .filter((r) => r.method === "PUT")
      .at(-1)!
      .clone()
      .json();
    expect(sent).toEqual({ project_id: PROJECT, name: "Renamed" });
    expect(await clients.trace.readQueue(PROJECT, id)).toMatchObject({
      name: "Renamed",
      description: "Colleague's guidelines",
    });
  });

  it("a refused edit leaves the cache as it was", async () => {
    const { context, id, detailKey } = await setup();
    const { result } = renderHook(() => useUpdateQueue(PROJECT, id, OPENED), { wrapper: context.Wrapper });
    await act(() =>
      result.current.mutateAsync({ name: "x".repeat(201), description: "", scorerRefs: [] }).catch(() => undefined),
    );
    await waitFor(() =>
      expect(result.current.error).toMatchObject({
        kind: "validation",
        fieldErrors: [expect.objectContaining({ path: "name" })],
      }),
    );
    expect(context.queryClient.getQueryData<AnnotationQueue>(detailKey)?.name).toBe("First");
  });
});
