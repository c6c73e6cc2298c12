import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

export type QuietOutcome = { quiet: boolean; waitedMs: number; idleFraction: number };

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * Waits until the machine's CPUs, all of them together, were at least `idleAtLeast` idle over
 * `windowMs`, or `timeoutMs` has passed. For timings that measure one page's load on a machine
 * the bench shares with its own server and browser: a load started while the last one's renderer
 * is still exiting, or the server is still busy with an earlier part, times that work too.
 * Says whether it got quiet, after how long, and how idle the last window was.
 */
export async function waitForQuietCpu({
  idleAtLeast = 0.8,
  windowMs = 250,
  timeoutMs = 5_000,
} = {}): Promise<QuietOutcome> {
  const start = Date.now();
  for (;;) {
    const before = cpuTimes();
    await sleep(windowMs);
    const after = cpuTimes();
    const span = after.total - before.total;
    const idleFraction = span > 0 ? (after.idle - before.idle) / span : 1;
    const waitedMs = Date.now() - start;
    if (idleFraction >= idleAtLeast) return { quiet: true, waitedMs, idleFraction };
    if (waitedMs >= timeoutMs) return { quiet: false, waitedMs, idleFraction };
  }
}
