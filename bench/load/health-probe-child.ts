// A second client, in its own process: GET `url` every `intervalMs` until told to stop, then sends
// back every latency. Separate from the load generator so its timings are not delayed by it.
const [url, intervalText] = process.argv.slice(2);
if (!url) throw new Error("usage: health-probe-child.ts URL [intervalMs]");
const intervalMs = Number(intervalText ?? 100);
const latencies: number[] = [];
let failures = 0;

async function probe(): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(url as string, { signal: AbortSignal.timeout(10_000) });
    await response.text();
    if (response.ok) latencies.push(performance.now() - started);
    else failures += 1;
  } catch {
    failures += 1;
  }
}

const pending = new Set<Promise<void>>();
let timer: NodeJS.Timeout | undefined;

process.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  void Promise.allSettled(pending).then(() => {
    process.send?.({ latencies, failures }, () => process.exit(0));
  });
});
// The benchmark was interrupted: nothing will ask for the results.
process.on("disconnect", () => process.exit(0));
// One untimed request first: the first fetch of a process loads and compiles its HTTP client and
// opens the connection (tens of milliseconds), which is the probe's cost, not the server's.
void fetch(url as string, { signal: AbortSignal.timeout(10_000) })
  .then((response) => response.text())
  .catch(() => undefined)
  .finally(() => {
    // Fixed cadence: a slow answer does not delay the next probe (it would hide the slowness).
    timer = setInterval(() => {
      const p = probe().finally(() => pending.delete(p));
      pending.add(p);
    }, intervalMs);
    process.send?.("ready");
  });
