import { createApp } from "../../server/app";
import { DEMO_USERS } from "../../server/auth/users";
import { openDatabase } from "../../server/db/database";
import { seedUsers } from "../../server/seed/users";
import { seedLargeQueue } from "../../server/seed/trace-seed";
import { seedAnnotationSpecs } from "../../server/trace/seed/annotation-specs";
import { uuid7Now } from "../../server/trace/ids";
import { picker, seededRandom } from "../../server/trace/seed/prng";
import { createJobRunner } from "../../server/training/job-runner";
import { createApiClients } from "../../src/api/clients";
import { answersByCall } from "../../src/features/queues/shared/call-answers";
import { insightsInSteps } from "../../src/features/queues/insights/compute-insights";
import { dayInTimeZone } from "../../src/features/queues/insights/day-buckets";
import { insightsFetchers } from "../../src/features/queues/insights/insights-fetchers";
import { INSIGHTS_REQUESTS_IN_FLIGHT, loadQueueInsights } from "../../src/features/queues/insights/load-insights";
import { INSIGHTS_CALLS_PER_QUERY } from "../../src/features/queues/insights/answer-rows-query";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { summarize, type Summary } from "../lib/stats";
import { timeAsync } from "../lib/timing";
import { benchAnswers, benchSpecs, INSIGHTS_FEEDBACK, INSIGHTS_ITEMS, syntheticQueue } from "./insights-data";

// The budget: all insights of a 10,000-item queue with 30,000 answers computed in < 200 ms.
// Computed in the browser: the real trace service has no insights endpoint, so the dashboard
// must compute them from what it can read (items and feedback) anyway.
// The demo key may read entity "demo" only: the service part lives there.
const PROJECT = "demo/insights-bench";
const BUDGET_MS = 200;
/** No step of the computation should hold the main thread longer than a long task's limit. */
const STEP_BUDGET_MS = 100;

type ComputeSample = { grouping: number; compute: number; longestStep: number; cpu: number };

/** Grouping the raw rows per call (the pages do it per batch as they arrive) and the computation in its steps. */
function computeOnce(
  items: ReturnType<typeof syntheticQueue>["items"],
  rows: ReturnType<typeof syntheticQueue>["rows"],
  specs: ReturnType<typeof benchSpecs>,
): ComputeSample {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers = answersByCall(specs, rows);
  const grouped = performance.now();
  const steps = insightsInSteps({ items, specs, answers }, dayInTimeZone("UTC"));
  let longestStep = 0;
  for (;;) {
    const stepStart = performance.now();
    const step = steps.next();
    longestStep = Math.max(longestStep, performance.now() - stepStart);
    if (step.done) break;
  }
  const done = performance.now();
  const used = process.cpuUsage(cpu);
  return { grouping: grouped - started, compute: done - grouped, longestStep, cpu: (used.user + used.system) / 1000 };
}

/** The queue of the computation benchmark behind the local services: 10,000 items and 30,000 feedback rows in SQLite. */
function serviceWithQueue() {
  const db = openDatabase(":memory:");
  seedUsers(db);
  const queueId = seedLargeQueue(db, {
    projectId: PROJECT,
    items: INSIGHTS_ITEMS,
    name: "Insights bench",
    now: new Date("2026-11-01T00:00:00Z"),
  });
  const refs = seedAnnotationSpecs(
    db,
    PROJECT,
    ["tone", "resolution", "follows_policy", "reviewer_comment"],
    Date.parse("2026-09-01T00:00:00Z"),
    "user-demo",
  );
  const callIds = db
    .prepare(
      "SELECT i.call_id FROM annotation_queue_items i JOIN annotation_queues q ON q.seq = i.queue_seq WHERE q.id = ? AND i.deleted_at IS NULL ORDER BY i.seq",
    )
    .pluck()
    .all(queueId) as string[];
  const p = picker(seededRandom(17));
  const insert = db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const answers = benchAnswers(callIds.slice(0, INSIGHTS_ITEMS), Date.parse("2026-10-01T08:00:00Z"));
  db.transaction(() => {
    for (const a of answers)
      insert.run(
        uuid7Now(a.at, p.random),
        PROJECT,
        `weave:///${PROJECT}/call/${a.callId}`,
        a.by,
        new Date(a.at).toISOString(),
        `wandb.annotation.${a.specId}`,
        JSON.stringify({ value: a.value }),
        refs[a.specId as keyof typeof refs],
      );
  })();
  const runner = createJobRunner(db, { stepMs: 0 });
  const app = createApp({ db, runner });
  const origin = "http://bench.local";
  const clients = createApiClients(
    {
      apiKey: DEMO_USERS[0].apiKey,
      traceBaseUrl: `${origin}/api/trace`,
      trainingBaseUrl: `${origin}/api/training/v1`,
      inferenceBaseUrl: `${origin}/api/inference/v1`,
      wandbApiBaseUrl: `${origin}/api/wandb`,
      annotationProject: PROJECT,
      inferenceProject: "",
    },
    { fetch: async (input, init) => app.fetch(new Request(input, init)) },
  );
  return {
    db,
    runner,
    queueId,
    clients,
    specs: benchSpecs(PROJECT, refs),
    feedbackRows: answers.length,
    items: callIds.length,
  };
}

const row = (name: string, s: Summary) => [name, ms(s.p50), ms(s.p95), ms(s.max)];

export async function insightsPart(profile: Profile): Promise<PartOutput> {
  const runs = profile.name === "quick" ? 10 : 40;
  const loadRuns = profile.name === "quick" ? 2 : 5;

  // 1. The computation alone.
  const { items, rows } = syntheticQueue(PROJECT);
  const specs = benchSpecs(PROJECT);
  const first = computeOnce(items, rows, specs); // the page computes once per read: the cold run matters too
  const samples = Array.from({ length: runs }, () => computeOnce(items, rows, specs));
  const total = summarize(samples.map((s) => s.grouping + s.compute));
  const grouping = summarize(samples.map((s) => s.grouping));
  const compute = summarize(samples.map((s) => s.compute));
  const longestStep = summarize(samples.map((s) => s.longestStep));
  const cpu = summarize(samples.map((s) => s.cpu));
  console.info(
    `    compute: p50 ${total.p50} p95 ${total.p95} ms (cold ${Math.round(first.grouping + first.compute)} ms), longest step p95 ${longestStep.p95} ms`,
  );

  // 2. The whole read through the local services, in process (app.fetch: routing, auth, validation, SQL, JSON).
  const service = serviceWithQueue();
  const load: number[] = [];
  let requests = 0;
  try {
    for (let i = 0; i < loadRuns; i++) {
      const fetchers = insightsFetchers(service.clients.trace, PROJECT, service.queueId, service.specs);
      const counted = {
        fetchPage: async (...args: Parameters<typeof fetchers.fetchPage>) => (requests++, fetchers.fetchPage(...args)),
        fetchAnswers: async (...args: Parameters<typeof fetchers.fetchAnswers>) => (
          requests++,
          fetchers.fetchAnswers(...args)
        ),
      };
      const t = await timeAsync(() =>
        loadQueueInsights({
          ...counted,
          specs: service.specs,
          dayOf: dayInTimeZone("UTC"),
          signal: new AbortController().signal,
          // As the page does (from the queue's stats): the pages are planned and read several at once.
          expectedItems: service.items,
        }),
      );
      load.push(t.wall);
    }
  } finally {
    await service.runner.stop();
    service.db.close();
  }
  const loadSummary = summarize(load);
  const requestsPerRead = requests / loadRuns;
  console.info(`    read through the service: p50 ${loadSummary.p50} ms, ${requestsPerRead} requests`);

  const verdict = against(total.p95, BUDGET_MS);
  const stepVerdict = against(longestStep.p95, STEP_BUDGET_MS);
  const markdown = [
    `### Insights of a ${count(INSIGHTS_ITEMS)}-item queue with ${count(INSIGHTS_FEEDBACK)} answers`,
    "",
    "Computed in the browser: the real trace service has no insights endpoint, so the dashboard computes them from the items and feedback it reads. " +
      `The computation (grouping the feedback rows per call, then completions per day, distributions, alpha and the disputed items, in steps the page separates with a task boundary): ${runs} timed runs after one cold run of ${ms(first.grouping + first.compute)}.`,
    "",
    table(
      ["", "p50", "p95", "max"],
      [
        row("grouping rows per call", grouping),
        row("insights (all steps)", compute),
        row("total", total),
        row("longest step", longestStep),
        row("CPU time of the total", cpu),
      ],
    ),
    "",
    table(
      ["budget", "measured (p95)", "verdict"],
      [
        [`total < ${BUDGET_MS} ms`, ms(total.p95), verdictMark(verdict)],
        [`longest step < ${STEP_BUDGET_MS} ms`, ms(longestStep.p95), verdictMark(stepVerdict)],
      ],
    ),
    "",
    `Reading it all through the local services in process (\`app.fetch\`, no socket: ${service.items.toLocaleString("en-US")} items in pages of 1,000, ${service.feedbackRows.toLocaleString("en-US")} feedback rows in one query per ${INSIGHTS_CALLS_PER_QUERY.toLocaleString("en-US")} calls, ${INSIGHTS_REQUESTS_IN_FLIGHT} requests in flight, ${requestsPerRead} requests), then computing: ${loadRuns} runs, p50 ${ms(loadSummary.p50)}, p95 ${ms(loadSummary.p95)}. No budget: in a browser the network adds its own time.`,
  ].join("\n");
  return {
    summary: [
      {
        benchmark: `Insights of ${count(INSIGHTS_ITEMS)} items, ${count(INSIGHTS_FEEDBACK)} answers (computation)`,
        result: `p95 ${ms(total.p95)} (p50 ${ms(total.p50)}), longest step p95 ${ms(longestStep.p95)}`,
        budget: `< ${BUDGET_MS} ms`,
        verdict,
      },
      {
        benchmark: "Insights read through the local service (in process)",
        result: `p50 ${ms(loadSummary.p50)}, ${requestsPerRead} requests`,
        budget: "—",
        verdict: "n/a",
      },
    ],
    markdown,
    data: { cold: first, total, grouping, compute, longestStep, cpu, load: loadSummary, requestsPerRead },
  };
}
