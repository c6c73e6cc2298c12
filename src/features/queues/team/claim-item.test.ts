import { describe, expect, it, vi } from "vitest";
import { createApiClients } from "@/api/clients";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { claimItem, recordClaim } from "./claim-item";

const PROJECT = "demo/support-bot";

/** A client whose every request is noted with its path and whether the browser would finish it after the page goes. */
function recordingClient() {
  const server = createLocalServer();
  const { queueId, items } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: 2,
    name: "Claim records",
    questions: ["tone"],
    at: Date.now(),
    first: 2,
  });
  const sent: { path: string; keepalive: boolean }[] = [];
  const recording: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ path: new URL(url).pathname, keepalive: init?.keepalive ?? false });
    return server.fetch(input, init);
  };
  const trace = createApiClients(server.settings, { fetch: recording }).trace;
  return { trace, queueId, items, sent };
}

const isClaimRecord = (request: { path: string }) => request.path.endsWith("/feedback/create");

describe("claim records", () => {
  it("are sent so that the browser finishes them after the page is gone (keepalive), beside a Start's progress", async () => {
    const { trace, queueId, items, sent } = recordingClient();
    recordClaim(trace, { projectId: PROJECT, queueId }, items[0]!);
    await vi.waitFor(() => expect(sent.filter(isClaimRecord)).toEqual([{ path: expect.any(String), keepalive: true }]));
  });

  it("are sent with keepalive when work mode claims an item too", async () => {
    const { trace, queueId, sent } = recordingClient();
    const [item] = (await trace.queryItems(queueId, { project_id: PROJECT, limit: 1 })).items;
    const claimed = await claimItem(trace, { projectId: PROJECT, queueId, me: "user-demo" }, item!);
    expect(claimed.outcome).toBe("claimed");
    expect(sent.filter(isClaimRecord).map((request) => request.keepalive)).toEqual([true]);
  });
});
