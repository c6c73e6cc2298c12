import { SERVICE_PATHS } from "../../server/app";
import { DEMO_USERS } from "../../server/auth/users";
import type { ServerDbManifest } from "../fixtures/server-db";
import { requestsOf, SHAPES } from "../items/shapes";
import type { Profile } from "../lib/profile";
import { count, ms, table, type PartOutput, type SummaryRow, type Verdict } from "../lib/report";
import { startHealthProbe } from "./health-probe";
import { runLoad, type LoadResult } from "./load-run";

const AUTH = { Authorization: `Bearer ${DEMO_USERS[0].apiKey}` };
/** Requests of each shape in the items mix (each connection cycles through the whole mix). */
const PER_SHAPE = 3;

/** The items-query mix for the big queue: every benchmark shape, a few requests each, interleaved. */
function itemsMix(manifest: ServerDbManifest) {
  const queue = manifest.bigQueueFacts;
  const perShape = SHAPES.map((shape, index) => requestsOf(shape, index, queue, PER_SHAPE));
  const path = `${SERVICE_PATHS.trace}/annotation_queues/${queue.id}/items/query`;
  return Array.from({ length: PER_SHAPE }, (_, i) => perShape.map((requests) => requests[i]))
    .flat()
    .map((body) => ({ method: "POST", path, body: JSON.stringify(body) }));
}

async function responseBytes(url: string): Promise<number> {
  const response = await fetch(url, { headers: AUTH });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

function loadRow(r: LoadResult): string[] {
  return [
    r.name,
    String(r.connections),
    `${r.seconds} s`,
    count(r.requests),
    count(r.requestsPerSecond),
    ms(r.latencyMs.p50),
    ms(r.latencyMs.p99),
    ms(r.latencyMs.max),
    String(r.errors + r.non2xx),
    ms(r.health.latency.p50),
    ms(r.health.latency.p99),
    String(r.health.failures),
  ];
}

function loadSummary(r: LoadResult): SummaryRow {
  const failed = r.errors + r.non2xx + r.health.failures;
  const verdict: Verdict = failed > 0 ? "fail" : "n/a";
  return {
    benchmark: `Load (loopback, ${r.connections} connections): ${r.name}`,
    result: `${count(r.requestsPerSecond)} req/s, p99 ${ms(r.latencyMs.p99)}; health p99 meanwhile ${ms(r.health.latency.p99)}${failed ? `; ${failed} failed requests` : ""}`,
    budget: "recorded (no budget); no errors",
    verdict,
  };
}

/**
 * autocannon on loopback against the benchmark server: the items query (a mix of every shape on
 * the 100k queue) and the events poll of a finished 10,000-step job (the cursor at its last event,
 * as a dashboard polling a job sees it), while /health is probed every 100 ms from another process.
 */
export async function loadPart(origin: string, manifest: ServerDbManifest, profile: Profile): Promise<PartOutput> {
  const healthUrl = `${origin}${SERVICE_PATHS.training}/health`;
  const limits = profile.load;

  const idleProbe = await startHealthProbe(healthUrl);
  await new Promise((resolve) => setTimeout(resolve, Math.min(2000, limits.seconds * 500)));
  const idle = await idleProbe.stop();

  const requests = itemsMix(manifest);
  console.info(`    items query mix: ${requests.length} requests per cycle, ${limits.seconds} s`);
  const items = await runLoad(
    `items query, mix of ${SHAPES.length} shapes (${count(manifest.bigQueueItems)} items)`,
    { url: origin, headers: { ...AUTH, "Content-Type": "application/json" }, requests },
    healthUrl,
    limits,
  );

  const eventsPath = `${SERVICE_PATHS.training}/preview/training-jobs/${manifest.longJob.id}/events`;
  const pollPath = `${eventsPath}?after=${manifest.longJob.lastEventId}`;
  console.info(`    events poll, ${limits.seconds} s`);
  const events = await runLoad(
    "events poll (after = last event)",
    { url: `${origin}${pollPath}`, headers: AUTH },
    healthUrl,
    limits,
  );
  const bytes = {
    poll: await responseBytes(`${origin}${pollPath}`),
    firstPage: await responseBytes(`${origin}${eventsPath}`),
  };

  const markdown = [
    "## Load (autocannon on loopback)",
    "",
    `The server runs in its own process; autocannon runs in the benchmark's process with ${limits.connections} connections for ${limits.seconds} s (at most ${count(limits.maxRequests)} requests); a third process requests \`/health\` every 100 ms throughout. Idle, before any load, /health answered in p50 ${ms(idle.latency.p50)}, p99 ${ms(idle.latency.p99)}.`,
    "",
    table(
      [
        "load",
        "connections",
        "duration",
        "requests",
        "req/s",
        "p50",
        "p99",
        "max",
        "errors + non-2xx",
        "health p50",
        "health p99",
        "health failures",
      ],
      [loadRow(items), loadRow(events)],
    ),
    "",
    `An events poll with the cursor at the last event transfers ${count(bytes.poll)} bytes (no new events); the first page of the same job without a cursor is ${count(bytes.firstPage)} bytes.`,
  ].join("\n");
  return {
    summary: [loadSummary(items), loadSummary(events)],
    markdown,
    data: { idleHealth: idle, items, events, eventsBytes: bytes },
  };
}
