import type { BenchServer, LoopDelay } from "../lib/bench-server";
import { hostileRequests } from "./hostile-requests";

export type UploadHold = { name: string; bytes: number; status: number; wallMs: number; loopDelay: LoopDelay };

/**
 * One call batch at MAX_BODY_BYTES sent to the benchmark server over a loopback socket, as a weave
 * SDK sends it, with the server's own event-loop delay (monitorEventLoopDelay in the server process)
 * over the request: its max is the longest the server held its event loop at once while it read,
 * checked and stored the batch, reading the body from the socket included (the in-process costs
 * hand the body over as bytes). New call ids each time: a batch stored before would be upserts.
 */
export async function measureUploadHold(server: BenchServer, maxBodyBytes: number): Promise<UploadHold> {
  const batch = hostileRequests({ modelId: "", queueId: "" }, maxBodyBytes).find((r) =>
    r.path.endsWith("/call/upsert_batch"),
  );
  if (!batch?.bodyOfRun) throw new Error("the hostile requests have no call batch");
  const body = new TextEncoder().encode(batch.bodyOfRun(Date.now()));
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.resetLoopDelay();
  const started = performance.now();
  const response = await fetch(`${server.url}${batch.path}`, { method: "POST", headers: batch.headers, body });
  await response.arrayBuffer();
  const wallMs = performance.now() - started;
  const loopDelay = await server.loopDelay();
  return { name: batch.name, bytes: body.byteLength, status: response.status, wallMs, loopDelay };
}
