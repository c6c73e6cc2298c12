import { SERVICE_PATHS } from "../../server/app";
import { TRAINING_SEED } from "../../server/seed/training-seed";
import type { ServerDbManifest } from "../fixtures/server-db";
import type { BenchServer } from "../lib/bench-server";
import type { Profile } from "../lib/profile";
import { count, ms, table, verdictMark, type PartOutput, type SummaryRow, type Verdict } from "../lib/report";
import { startHealthProbe } from "../load/health-probe";
import { runLoad } from "../load/load-run";
import { hostileRequests } from "./hostile-requests";
import { BULK_RUNS, measureRequestCosts, type RequestCost } from "./request-cost";
import { measureUploadHold } from "./upload-hold";

/** The budgets: no single request costs more CPU than this... */
export const CPU_BUDGET_MS = 100;
/** ...and /health stays this quick (p99) while hostile requests run. */
export const HEALTH_P99_BUDGET_MS = 50;
/** The longest the server may hold its event loop at once while it takes a call batch of MAX_BODY_BYTES. */
export const UPLOAD_HOLD_BUDGET_MS = 50;
/** The bulk uploads' cap: the server's MAX_BODY_BYTES default. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes >= 1024 * 1024 ? 1 : 2)} MiB`;

/**
 * A request's row. A bulk upload is judged by the longest hold of the event loop (what another
 * request waits for): its parsing runs in a worker thread and its rows are stored in steps.
 */
function costRow(cost: RequestCost): string[] {
  const judged = cost.bulk ? cost.holdMs.max : cost.cpuMs.max;
  const verdict: Verdict =
    cost.status !== cost.expected || cost.status >= 500 ? "fail" : judged < CPU_BUDGET_MS ? "pass" : "fail";
  return [
    cost.name,
    mib(cost.bytes),
    `${cost.status}${cost.status === cost.expected ? "" : ` (expected ${cost.expected})`}`,
    ms(cost.cpuMs.p50),
    ms(cost.cpuMs.max),
    ms(cost.loopMs.max),
    ms(cost.holdMs.max),
    ms(cost.wallMs.p50),
    verdictMark(verdict),
  ];
}

/**
 * The numbers: each hostile request at the caps measured alone for CPU (in process), then
 * all of them but the bulk upload under autocannon against the benchmark server while /health is
 * probed from another process.
 */
export async function hostilePart(
  server: BenchServer,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const origin = server.url;
  const reps = profile.name === "quick" ? 3 : 10;
  console.info(`    CPU per request, ${reps} runs each (in process)`);
  const costs = await measureRequestCosts(reps, MAX_BODY_BYTES);
  const capped = costs.filter((c) => !c.bulk);
  const bulk = costs.filter((c) => c.bulk);
  const slowest = capped.reduce((a, b) => (b.cpuMs.max > a.cpuMs.max ? b : a));
  const wrongAnswers = costs.filter((c) => c.status !== c.expected);

  // /health with nothing else running, first: on a busy machine it is slow before any hostile request.
  const healthUrl = `${origin}${SERVICE_PATHS.training}/health`;
  const idleProbe = await startHealthProbe(healthUrl);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = await idleProbe.stop();

  const mix = hostileRequests(
    { modelId: TRAINING_SEED.models.supportRl, queueId: manifest.demoQueueId },
    MAX_BODY_BYTES,
  ).filter((r) => !r.bulk);
  const limits = { ...profile.load, connections: 4 };
  console.info(
    `    hostile mix under load: ${mix.length} kinds, ${limits.connections} connections, ${limits.seconds} s`,
  );
  server.resetLoopDelay();
  const load = await runLoad(
    "hostile requests at the caps (bulk upload excluded)",
    {
      url: origin,
      requests: mix.map((r) => ({
        method: r.method,
        path: r.path,
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: r.body }),
      })),
    },
    healthUrl,
    limits,
  );
  const loopDelay = await server.loopDelay();
  console.info("    a call batch at MAX_BODY_BYTES over a socket, the server's event loop watched");
  const upload = await measureUploadHold(server, MAX_BODY_BYTES);
  const serverErrors = Object.entries(load.statusCodes)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const healthVerdict: Verdict =
    load.health.failures > 0 || serverErrors > 0 || load.errors > 0
      ? "fail"
      : load.health.latency.p99 < HEALTH_P99_BUDGET_MS
        ? "pass"
        : "fail";

  const summary: SummaryRow[] = [
    {
      benchmark: `Hostile requests at the caps: CPU per request, slowest of ${capped.length} kinds (max of ${reps} runs)`,
      result: `${ms(slowest.cpuMs.max)} (${slowest.name})${wrongAnswers.length ? `; ${wrongAnswers.length} answered unexpectedly` : ""}`,
      budget: `< ${CPU_BUDGET_MS} ms`,
      verdict: wrongAnswers.length ? "fail" : slowest.cpuMs.max < CPU_BUDGET_MS ? "pass" : "fail",
    },
    ...bulk.map((c): SummaryRow => ({
      benchmark: `Bulk upload at MAX_BODY_BYTES: ${c.name}, longest hold of the event loop`,
      result: `${ms(c.holdMs.max)} at once (${ms(c.loopMs.max)} busy on the event loop in all, in steps); ${ms(c.cpuMs.max)} CPU in all threads, the worker's included (${mib(c.bytes)})`,
      budget: `< ${CPU_BUDGET_MS} ms at once`,
      verdict: c.status !== c.expected ? "fail" : c.holdMs.max < CPU_BUDGET_MS ? "pass" : "fail",
    })),
    {
      benchmark: `${upload.name} over a socket: the server's event loop held at once (monitorEventLoopDelay in the server)`,
      result: `max ${ms(upload.loopDelay.max)}, p99 ${ms(upload.loopDelay.p99)} (status ${upload.status}, ${mib(upload.bytes)} in ${ms(upload.wallMs)})`,
      budget: `max < ${UPLOAD_HOLD_BUDGET_MS} ms`,
      verdict: upload.status !== 200 ? "fail" : upload.loopDelay.max < UPLOAD_HOLD_BUDGET_MS ? "pass" : "fail",
    },
    {
      benchmark: "Server event loop held while hostile requests run (monitorEventLoopDelay in the server)",
      result: `p50 ${ms(loopDelay.p50)}, p99 ${ms(loopDelay.p99)}, max ${ms(loopDelay.max)}`,
      budget: `p99 < ${HEALTH_P99_BUDGET_MS} ms`,
      verdict: loopDelay.p99 < HEALTH_P99_BUDGET_MS ? "pass" : "fail",
    },
    {
      benchmark: `/health p99 while hostile requests run (${limits.connections} connections)`,
      result: `${ms(load.health.latency.p99)} (idle: ${ms(idle.latency.p99)}; ${count(load.requests)} hostile requests, ${serverErrors} 5xx, ${load.health.failures} health failures)`,
      budget: `< ${HEALTH_P99_BUDGET_MS} ms`,
      verdict: healthVerdict,
    },
  ];
  const statusText = Object.entries(load.statusCodes)
    .map(([code, n]) => `${code}: ${count(n)}`)
    .join(", ");
  const markdown = [
    "## Hostile requests",
    "",
    `Each request alone, in process (\`app.fetch\`, the body handed over as bytes), ${reps} timed runs after a warm-up (${Math.min(reps, BULK_RUNS)} of each bulk upload). CPU is \`process.cpuUsage()\` around the request and the reading of its answer (all threads); "event loop" is the time the event loop was busy meanwhile in all (\`performance.eventLoopUtilization()\`), "longest hold" the longest it was held at once (\`monitorEventLoopDelay\`, 1 ms resolution). Budget: ${CPU_BUDGET_MS} ms of CPU per request; for the bulk uploads, whose parsing runs in a worker thread and whose rows are stored in steps, ${CPU_BUDGET_MS} ms held at once.`,
    "",
    table(
      ["request", "body", "status", "CPU p50", "CPU max", "event loop max", "longest hold", "wall p50", "verdict"],
      costs.map(costRow),
    ),
    "",
    `Then every kind but the bulk upload, cycled by autocannon against the benchmark server (${limits.connections} connections, ${limits.seconds} s), while another process requests \`/health\` every 100 ms: ${count(load.requests)} requests (${statusText}), latency p50 ${ms(load.latencyMs.p50)}, p99 ${ms(load.latencyMs.p99)}; /health p50 ${ms(load.health.latency.p50)}, p99 ${ms(load.health.latency.p99)}, max ${ms(load.health.latency.max)} over ${load.health.latency.n} probes (budget p99 < ${HEALTH_P99_BUDGET_MS} ms): ${verdictMark(healthVerdict)}. Idle, just before, /health answered in p50 ${ms(idle.latency.p50)}, p99 ${ms(idle.latency.p99)}. Meanwhile the server's event loop was held (delay measured inside the server process, what any request waits for before it is read) p50 ${ms(loopDelay.p50)}, p99 ${ms(loopDelay.p99)}, max ${ms(loopDelay.max)}: the rest of /health's time is the machine (three processes on two shared cores).`,
    "",
    `Then one call batch at MAX_BODY_BYTES (${mib(upload.bytes)}, ${upload.name}) sent to the benchmark server over a loopback socket, as a weave SDK sends it: ${upload.status}, ${ms(upload.wallMs)}; the server's event loop meanwhile held p99 ${ms(upload.loopDelay.p99)}, max ${ms(upload.loopDelay.max)} at once (budget < ${UPLOAD_HOLD_BUDGET_MS} ms; on a loaded machine the max is mostly time the server waited for a core). The body goes to the upload worker piece by piece as it arrives and the checked rows come back a slice at a time as they are stored (server/trace/call-writes/receive-batch.ts).`,
    "",
    "The bulk uploads (RL jobs, `/log`) and the trace uploads (tables, files) keep `MAX_BODY_BYTES` (32 MiB by default). From 1 MiB on, their parsing, validation and serialising (a table's row digests, a file's hash) run in a worker thread (server/upload-worker/), and their rows are stored in steps of at most 1 MiB, 1,000 rows or 10 ms (server/db/write-in-steps.ts), so what another request waits for at most is one step of reading the bytes or of storing. A trajectory group is at most 4 Mi characters of JSON (one gradient step, one row). The CPU of all threads still grows with the size; `MAX_BODY_BYTES` bounds it.",
  ].join("\n");
  return { summary, markdown, data: { costs, idleHealth: idle, load, loopDelay, upload } };
}
