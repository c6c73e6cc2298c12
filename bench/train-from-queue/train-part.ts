import { picker, seededRandom } from "../../server/trace/seed/prng";
import { answersByCall } from "../../src/features/queues/shared/call-answers";
import {
  selectionSteps,
  type SelectionInput,
  type SourceCall,
  type SourceItem,
} from "../../src/features/train-from-queue/trajectories/build-groups";
import { CHAT_PATHS } from "../../src/features/train-from-queue/trajectories/conversation";
import { requestSizeSteps } from "../../src/features/train-from-queue/trajectories/request-size";
import type { GroupBy } from "../../src/features/train-from-queue/trajectories/grouping";
import { benchSpecs, syntheticQueue } from "../insights/insights-data";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { summarize } from "../lib/stats";

// The budget: trajectory groups from 10,000 annotated calls in < 1 s in the browser, no
// step (the page gives the browser a task boundary between steps) over 100 ms. The queue is the
// insights bench's (10,000 items, 30,000 answers); each item's call is an OpenAI chat call of 2 to
// 6 messages of a few hundred characters, 2,000 distinct prompts (groups of about 5 by input).
const PROJECT = "demo/train-bench";
const BUDGET_MS = 1000;
const STEP_BUDGET_MS = 100;
const PROMPTS = 2000;

function chatCalls(items: readonly SourceItem[]): Map<string, SourceCall> {
  const p = picker(seededRandom(18));
  const filler = "Order NW-482913 arrived with a cracked screen; the courier says it was fine at delivery. ";
  const prompts = Array.from({ length: PROMPTS }, (_, i) => {
    const turns = p.int(1, 3);
    const messages = [
      {
        role: "system",
        content: "You are a support agent for a consumer electronics shop. Be specific about refund timelines.",
      },
    ];
    for (let t = 0; t < turns; t++) {
      messages.push({ role: "user", content: `Question ${i}.${t}: ${filler.repeat(p.int(1, 4))}` });
      if (t < turns - 1) messages.push({ role: "assistant", content: `Earlier answer ${t}: ${filler}` });
    }
    return messages;
  });
  return new Map(
    items.map((item, i) => [
      item.call_id,
      {
        id: item.call_id,
        op_name: `weave:///${PROJECT}/op/openai.chat.completions.create:bench`,
        trace_id: `trace-${Math.floor(i / 3)}`,
        inputs: { model: "gpt-4o-mini", messages: prompts[i % PROMPTS], temperature: 0.7 },
        output: {
          id: `chatcmpl-${i}`,
          choices: [
            {
              index: 0,
              finish_reason: "stop",
              message: { role: "assistant", content: `Answer ${i}: ${filler.repeat(p.int(1, 3))}` },
            },
          ],
        },
      },
    ]),
  );
}

/** Wall time, and CPU time (user + system of the process): on a busy machine the wall time includes waiting for a core. */
/** The request's size, measured as the Start panel does after the build (its own steps). */
function measureOnce(groups: Parameters<typeof requestSizeSteps>[0]): {
  total: number;
  longestStep: number;
  bytes: number;
} {
  const started = performance.now();
  const steps = requestSizeSteps(groups);
  let longestStep = 0;
  for (;;) {
    const stepStart = performance.now();
    const step = steps.next();
    longestStep = Math.max(longestStep, performance.now() - stepStart);
    if (step.done) return { total: performance.now() - started, longestStep, bytes: step.value };
  }
}

type Sample = {
  total: number;
  longestStep: number;
  cpu: number;
  longestStepCpu: number;
  steps: number;
  groups: number;
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function buildOnce(input: SelectionInput): Sample {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const steps = selectionSteps(input);
  let longestStep = 0;
  let longestStepCpu = 0;
  let stepCount = 0;
  for (;;) {
    const stepStart = performance.now();
    const stepCpu = process.cpuUsage();
    const step = steps.next();
    longestStep = Math.max(longestStep, performance.now() - stepStart);
    longestStepCpu = Math.max(longestStepCpu, cpuMs(stepCpu));
    stepCount += 1;
    if (step.done)
      return {
        total: performance.now() - started,
        longestStep,
        cpu: cpuMs(cpuStart),
        longestStepCpu,
        steps: stepCount,
        groups: step.value.groups.length,
      };
  }
}

export function trainFromQueuePart(profile: Profile): PartOutput {
  const runs = profile.name === "quick" ? 5 : 20;
  const { items, rows } = syntheticQueue(PROJECT);
  const specs = benchSpecs(PROJECT);
  const answers = answersByCall(specs, rows);
  const calls = chatCalls(items);
  const tone = specs.find((spec) => spec.id === "tone");
  if (!tone) throw new Error("no tone spec");
  const base: SelectionInput = {
    queue: { id: "queue-bench", name: "Bench" },
    items,
    calls,
    answers,
    spec: tone,
    mapping: { kind: "rating", min: 1, max: 5, scale: "unit" },
    annotators: { kind: "mean" },
    // Every item that has answers counts, so all 10,000 calls are mapped.
    states: ["completed", "in_progress", "unstarted", "skipped"],
    pathsFor: () => CHAT_PATHS,
    grouping: { by: "input", size: 4, singletons: "drop" },
  };
  const rowsOut: (string | number)[][] = [];
  const results: Record<
    string,
    ReturnType<typeof summarize> & {
      longestStepP95: number;
      cpuP95: number;
      longestStepCpuP95: number;
      groups: number;
      steps: number;
    }
  > = {};
  for (const by of ["input", "trace", "fixed"] as const satisfies readonly GroupBy[]) {
    const input = { ...base, grouping: { ...base.grouping, by } };
    buildOnce(input); // warm-up
    const samples = Array.from({ length: runs }, () => buildOnce(input));
    const total = summarize(samples.map((s) => s.total));
    const longest = summarize(samples.map((s) => s.longestStep));
    const cpu = summarize(samples.map((s) => s.cpu));
    const longestCpu = summarize(samples.map((s) => s.longestStepCpu));
    const last = samples.at(-1) as Sample;
    results[by] = {
      ...total,
      longestStepP95: longest.p95,
      cpuP95: cpu.p95,
      longestStepCpuP95: longestCpu.p95,
      groups: last.groups,
      steps: last.steps,
    };
    rowsOut.push([
      `by ${by}`,
      count(last.groups),
      last.steps,
      ms(total.p50),
      ms(total.p95),
      ms(longest.p95),
      ms(cpu.p95),
      ms(longestCpu.p95),
    ]);
    console.info(`    by ${by}: p95 ${total.p95} ms, longest step p95 ${longest.p95} ms, ${last.groups} groups`);
  }
  // The request's size of the by-input selection, measured after the build (not part of its figures above).
  const built = selectionSteps(base);
  let done = built.next();
  while (!done.done) done = built.next();
  const groups = done.value.groups;
  measureOnce(groups);
  const measures = Array.from({ length: runs }, () => measureOnce(groups));
  const measure = summarize(measures.map((m) => m.total));
  const measureStep = summarize(measures.map((m) => m.longestStep));
  const megabytes = ((measures[0]?.bytes ?? 0) / 1024 / 1024).toFixed(1);
  console.info(`    request size (${megabytes} MiB): p95 ${measure.p95} ms, longest step p95 ${measureStep.p95} ms`);
  const worstTotal = Math.max(...Object.values(results).map((r) => r.p95));
  const worstStep = Math.max(...Object.values(results).map((r) => r.longestStepP95));
  const verdict = against(worstTotal, BUDGET_MS);
  const stepVerdict = against(worstStep, STEP_BUDGET_MS);
  const markdown = [
    `### Trajectory groups from ${count(items.length)} annotated calls`,
    "",
    `What the Train page does in the browser (src/features/train-from-queue/trajectories): each call's conversation, its reward (the mean of the Tone ratings, ${count(rows.length)} answers in all, scaled to 0–1), then the groups; in steps of about 20 ms with a task boundary between them. ${runs} timed runs per grouping after one warm-up.`,
    "",
    table(
      ["grouping", "groups", "steps", "p50", "p95", "longest step p95", "CPU p95", "longest step CPU p95"],
      rowsOut,
    ),
    "",
    `Then, apart from the build, the Start panel measures the request's size in its own steps (the by-input groups, ${megabytes} MiB): p50 ${ms(measure.p50)}, p95 ${ms(measure.p95)}, longest step p95 ${ms(measureStep.p95)}.`,
    "",
    table(
      ["budget", "measured (p95, slowest grouping)", "verdict"],
      [
        [`total < ${BUDGET_MS} ms`, ms(worstTotal), verdictMark(verdict)],
        [`longest step < ${STEP_BUDGET_MS} ms`, ms(worstStep), verdictMark(stepVerdict)],
      ],
    ),
  ].join("\n");
  return {
    summary: [
      {
        benchmark: `Trajectory groups from ${count(items.length)} annotated calls (slowest grouping)`,
        result: `p95 ${ms(worstTotal)}, longest step p95 ${ms(worstStep)}`,
        budget: `< ${BUDGET_MS} ms, step < ${STEP_BUDGET_MS} ms`,
        verdict: verdict === "pass" && stepVerdict === "pass" ? "pass" : "fail",
      },
    ],
    markdown,
    data: { ...results, requestSize: { ...measure, longestStepP95: measureStep.p95, bytes: measures[0]?.bytes ?? 0 } },
  };
}
