// Server CPU per small request: /health (GET) and the items query of a demo queue (a small JSON
// POST), each under autocannon on loopback, the server in its own process. The CPU is the server
// process's user + system time (/proc/<pid>/stat) over the run, divided by the requests answered.
//   npx tsx bench/load/request-overhead.ts [checkout] [seconds]
// `checkout` (default: this one) is the repository whose server is measured: run it twice, one
// checkout right after the other, for a before/after pair on a busy machine.
import autocannon from "autocannon";
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { DEMO_USERS } from "../../server/auth/users";

const [checkout, secondsText] = process.argv.slice(2);
const seconds = Number(secondsText ?? 5);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const child = fork(new URL("./overhead-server.ts", import.meta.url).pathname, checkout ? [checkout] : [], {
  execArgv: [
    "--import",
    "tsx",
    ...(process.env.PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : []),
  ],
});
const ready = await new Promise<{ port: number; queueId: string }>((resolve, reject) => {
  child.once("message", (message) => resolve(message as { port: number; queueId: string }));
  child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
});
const origin = `http://127.0.0.1:${ready.port}`;
const auth = { Authorization: `Bearer ${DEMO_USERS[0].apiKey}` };
const itemsQuery = {
  method: "POST",
  path: `/api/trace/annotation_queues/${ready.queueId}/items/query`,
  headers: { ...auth, "Content-Type": "application/json" },
  body: JSON.stringify({
    project_id: "demo/support-bot",
    limit: 10,
    sort_by: [{ field: "created_at", direction: "asc" }],
  }),
};
const targets = [
  { name: "GET /api/training/v1/health", options: { url: `${origin}/api/training/v1/health` } },
  { name: "POST items/query (limit 10)", options: { url: origin, requests: [itemsQuery] } },
];

try {
  // Warm up both routes (JIT, statement cache) before anything is timed.
  for (const target of targets) await autocannon({ ...target.options, connections: 4, duration: 1 });
  for (const target of targets) {
    const load = loadavg()[0]!.toFixed(1);
    const before = cpuMs(child.pid!);
    const result = await autocannon({ ...target.options, connections: 8, pipelining: 1, duration: seconds });
    const cpu = cpuMs(child.pid!) - before;
    const answered = result.requests.total;
    console.info(
      `${target.name}: ${answered} requests, ${Math.round(answered / result.duration)} req/s, ` +
        `server CPU ${((cpu * 1000) / answered).toFixed(1)} µs/request, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors} (load ${load})`,
    );
  }
} finally {
  // Disconnecting makes the server exit by itself (writing its CPU profile, if asked for one).
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.disconnect();
  const timer = setTimeout(() => child.kill(), 10_000);
  await exited;
  clearTimeout(timer);
}
