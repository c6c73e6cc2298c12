import type { Page } from "playwright-core";
import { SERVICE_PATHS } from "../../server/app";
import type { ServerDbManifest } from "../fixtures/server-db";
import { openSession } from "../interactions/browser-session";
import { armAdvanceProbe, probeResult, type AdvanceSample } from "../interactions/review-advance";
import type { BenchServer } from "../lib/bench-server";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { summarize } from "../lib/stats";
import { createWorkQueue } from "../work-mode/work-queue";
import { DEMO_USERS } from "../../server/auth/users";
import { createBenchJudge } from "./judge-object";

/** The budget: a key press in the review to the next item painted, p95, while a judge runs over the queue. */
export const JUDGE_RUN_BUDGET_MS = 50;

const demoKey = () => {
  const user = DEMO_USERS.find((u) => u.id === "user-demo");
  if (!user) throw new Error("no demo user");
  return user.apiKey;
};

async function questionRef(origin: string, key: string, project: string, queueId: string): Promise<string> {
  const response = await fetch(
    `${origin}${SERVICE_PATHS.trace}/annotation_queues/${queueId}?project_id=${encodeURIComponent(project)}`,
    { headers: { authorization: `Bearer ${key}` } },
  );
  const { queue } = (await response.json()) as { queue: { scorer_refs: string[] } };
  return queue.scorer_refs[0]!;
}

/**
 * `presses` times: `thinkMs` of reading, the answer (`1`), then Complete & next (Shift+C), timed
 * from the keydown to the next item painted. A press after which no other item shows within five
 * seconds counts as stuck.
 */
async function timePresses(
  page: Page,
  presses: number,
  thinkMs: number,
): Promise<{ samples: AdvanceSample[]; stuck: number }> {
  const samples: AdvanceSample[] = [];
  let stuck = 0;
  for (let i = 0; i < presses; i++) {
    await page.waitForTimeout(thinkMs);
    await page.keyboard.press("1");
    const fromItemId = decodeURIComponent(new URL(page.url()).pathname.split("/items/")[1] ?? "");
    await page.evaluate(armAdvanceProbe, { fromItemId, timeoutMs: 5000 });
    await page.keyboard.press("Shift+C");
    const sample = await page.evaluate(probeResult);
    if (sample) samples.push(sample);
    else stuck += 1;
  }
  return { samples, stuck };
}

/**
 * A judge runs over a fresh queue of `queueItems` calls at the inference service's concurrency
 * limit (4 requests at once, simulated replies paced at the server's token delay), started from
 * its page; in the same tab the annotator then opens the queue's first item and, `presses` times,
 * answers (`1`) and presses Complete & next (Shift+C) `thinkMs` after each item painted. Each press
 * is timed to the next item painted (bench/interactions/review-advance.ts's probe) while the run
 * goes on writing verdicts.
 */
export async function judgeRunPart(
  server: BenchServer,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const { queueItems, presses, thinkMs } = profile.judgeRun;
  const key = demoKey();
  const queue = await createWorkQueue(
    server.url,
    key,
    manifest.project,
    { specQueueId: manifest.demoQueueId, callsQueueId: manifest.bigQueueId },
    queueItems,
  );
  const specRef = await questionRef(server.url, key, manifest.project, queue.id);
  const judgeId = await createBenchJudge(server.url, key, manifest.project, { id: queue.id, specRef });
  console.info(`    queue ${queue.id}: ${queue.items} calls; judge ${judgeId}`);
  const session = await openSession(server.url, manifest);
  const { page } = session;
  try {
    const project = encodeURIComponent(manifest.project);
    await page.goto(`/queues/${queue.id}?annotation_project=${project}`);
    await page.locator("table tbody tr[data-item-row]").first().waitFor();
    await page.keyboard.press("j");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/items\//);
    await page.getByRole("region").first().waitFor();
    // The control: the same presses on the same queue with no run going.
    const control = await timePresses(page, presses, thinkMs);

    // To the judge's page and back by the app's own links and history: the page is never reloaded, so
    // the run started there goes on in this tab while the review is worked again.
    await page
      .getByRole("link", { name: /^Benchmark – work mode/ })
      .first()
      .click();
    await page.getByRole("link", { name: "Judges", exact: true }).click();
    await page.getByRole("link", { name: "Benchmark tone judge" }).click();
    await page.getByRole("radio", { name: "All calls" }).check();
    await page.getByText(new RegExp(`^${count(queue.items)} calls to ask`)).waitFor({ timeout: 120_000 });
    const startedAt = Date.now();
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page
      .locator("output")
      .filter({ hasText: /of [\d,]+ done/ })
      .first()
      .waitFor();
    for (let i = 0; i < 3; i++) await page.goBack();
    await page.waitForURL(/\/items\//);
    await page.getByRole("region").first().waitFor();
    const doneAtStart = await countVerdicts(server.url, key, manifest.project, judgeId);
    const during = await timePresses(page, presses, thinkMs);
    const measuredMs = Date.now() - startedAt;
    const verdicts = await countVerdicts(server.url, key, manifest.project, judgeId);
    const { samples, stuck } = during;
    const controlPaint = summarize(control.samples.map((s) => s.keyToPaintMs));
    const paint = summarize(samples.map((s) => s.keyToPaintMs));
    // Where a press's time goes: the key's own handling (React's synchronous render of the next item
    // included), then the frame that first shows it; the paint is the frame after that one.
    const handled = summarize(samples.map((s) => s.keyToHandledMs));
    const found = summarize(samples.map((s) => s.keyToFoundMs));
    const verdict = against(paint.p95, JUDGE_RUN_BUDGET_MS);
    const perSecond = verdicts / (measuredMs / 1000);
    console.info(
      `    key → painted p50 ${ms(paint.p50)}, p95 ${ms(paint.p95)}; ${verdicts} verdicts in ${Math.round(measuredMs / 1000)} s`,
    );
    const markdown = [
      `## A judge running while an annotator works (Playwright, Chromium, ${count(queue.items)}-call queue)`,
      "",
      `A judge of the queue's 1-5 rating is started from its page over all ${count(queue.items)} calls at the inference service's concurrency limit (4 requests at once; the local service simulates the model and paces its replies at its token delay). The annotator first works the queue's first ${presses} items with no run going (the control): ${thinkMs} ms of reading, the answer (\`1\`), Complete & next (Shift+C), each press timed from the keydown's time stamp to the frame after the one that shows the next item (beside it, the keydown to the end of its handling, React's synchronous render of the next item included, and to the frame that first shows the item). Then, through the app's links (no reload), the judge is started from its page and the browser goes back to the review, where ${presses} more items are worked the same way while the run writes verdicts in the same tab (${doneAtStart} were written when the first of those presses came).`,
      "",
      table(
        [
          "presses",
          "key → painted p50",
          "p95",
          "max",
          "stuck",
          "key → handled / → found p50",
          "without a run p50 / p95",
          "verdicts written meanwhile",
          "verdicts per second",
          "budget (p95)",
          "verdict",
        ],
        [
          [
            String(samples.length),
            ms(paint.p50),
            ms(paint.p95),
            ms(paint.max),
            String(stuck),
            `${ms(handled.p50)} / ${ms(found.p50)}`,
            `${ms(controlPaint.p50)} / ${ms(controlPaint.p95)}`,
            String(verdicts - doneAtStart),
            perSecond.toFixed(1),
            `< ${JUDGE_RUN_BUDGET_MS} ms`,
            verdictMark(verdict),
          ],
        ],
      ),
    ].join("\n");
    return {
      summary: [
        {
          benchmark: `Browser: review Complete & next → next item painted while a judge runs over ${count(queue.items)} calls`,
          result: `p95 ${ms(paint.p95)} (p50 ${ms(paint.p50)}) over ${samples.length} presses, ${verdicts - doneAtStart} verdicts written meanwhile; without a run p95 ${ms(controlPaint.p95)}`,
          budget: `< ${JUDGE_RUN_BUDGET_MS} ms p95`,
          verdict,
        },
      ],
      markdown,
      data: { judgeRun: { queue, judgeId, samples, stuck, control, verdicts, measuredMs, doneAtStart } },
    };
  } finally {
    await session.close();
  }
}

/** Verdicts of the judge written so far, read from the service (one feedback query). */
async function countVerdicts(origin: string, key: string, project: string, judgeId: string): Promise<number> {
  const response = await fetch(`${origin}${SERVICE_PATHS.trace}/feedback/query`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      project_id: project,
      fields: ["id"],
      query: { $expr: { $eq: [{ $getField: "feedback_type" }, { $literal: `wandb.runnable.${judgeId}` }] } },
      limit: 10_000,
    }),
  });
  const { result } = (await response.json()) as { result: unknown[] };
  return result.length;
}
