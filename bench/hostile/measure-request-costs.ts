import { loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { LIMITS } from "../../contract/limits";
import { SERVICE_PATHS } from "../../server/app";
import { bearer, createTestApp } from "../../server/testing/test-app";
import { measureRequestCosts } from "./request-cost";

// The hostile requests' costs alone, without the rest of the bench (`npm run bench` runs them in
// the hostile part): `npx tsx bench/hostile/measure-request-costs.ts [reps] [name substring]`,
// e.g. `3 upsert_batch` for the call batch. Prints one line per kind; nothing is written.

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const TRACE = SERVICE_PATHS.trace;
const PROJECT = "demo/support-bot";
const reps = Number(process.argv[2] ?? 3);
const only = process.argv[3];
if (!Number.isInteger(reps) || reps < 1) throw new Error("reps: a whole number of timed runs, 1 or more");

const costs = await measureRequestCosts(reps, MAX_BODY_BYTES, (name) => only === undefined || name.includes(only));
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(" ");
console.info(`${new Date().toISOString()}, load average ${load}`);
for (const cost of costs) {
  const status = cost.status === cost.expected ? String(cost.status) : `${cost.status} (expected ${cost.expected})`;
  console.info(
    `${cost.name} [${(cost.bytes / 1024 / 1024).toFixed(1)} MiB, ${status}]: longest hold ${cost.holdMs.max} ms, event loop busy max ${cost.loopMs.max} ms, CPU max ${cost.cpuMs.max} ms, wall p50 ${cost.wallMs.p50} ms`,
  );
}

if (only !== undefined && "/file/content".includes(only)) {
  const held = await measureFileRead(reps);
  console.info(
    `a 31 MiB file read back (/file/content): longest hold ${Math.max(...held.hold).toFixed(2)} ms, event loop busy max ${Math.max(...held.busy).toFixed(2)} ms`,
  );
}

/** A 31 MiB file stored once, then read back `runs` times (the answer's body read to its end), timed as request-cost.ts times requests. */
async function measureFileRead(runs: number): Promise<{ hold: number[]; busy: number[] }> {
  const { app } = createTestApp({ largeDatabase: true });
  const boundary = "measureBoundary";
  const content = "def answer(question):\n    return 42\n".repeat(Math.floor(LIMITS.fileBytes / 36));
  const form = `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${PROJECT}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="obj.py"\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const stored = await app.request(`${TRACE}/file/create`, {
    method: "POST",
    headers: { ...bearer(), "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: form,
  });
  const { digest } = (await stored.json()) as { digest: string };
  const hold: number[] = [];
  const busy: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    const loopBefore = performance.eventLoopUtilization();
    const holds = monitorEventLoopDelay({ resolution: 1 });
    holds.enable();
    const response = await app.request(`${TRACE}/file/content`, {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: PROJECT, digest }),
    });
    // Read piece by piece, as a socket would send them: joining 31 MiB here is the client's work, not the server's.
    let byteLength = 0;
    for await (const piece of response.body!) byteLength += piece.byteLength;
    // One more turn, so a hold that ended just now is sampled by the 1 ms timer.
    await new Promise((resolve) => setTimeout(resolve, 2));
    holds.disable();
    if (byteLength !== content.length)
      throw new Error(`/file/content answered ${byteLength} bytes, not ${content.length}`);
    if (run === 0) continue; // the warm-up
    hold.push(holds.count > 0 ? holds.max / 1e6 : 0);
    busy.push(performance.eventLoopUtilization(loopBefore).active);
  }
  return { hold, busy };
}
