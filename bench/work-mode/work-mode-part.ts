import { DEMO_USERS } from "../../server/auth/users";
import type { ServerDbManifest } from "../fixtures/server-db";
import type { BenchServer } from "../lib/bench-server";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { summarize } from "../lib/stats";
import { openAnnotatorPages, type Annotator } from "./annotator-sessions";
import { runAnnotator, type AnnotatorRun, type TimedPress } from "./annotator-loop";
import { kindOf, REQUEST_KINDS, requestMix, splitPath } from "./path-requests";
import { readQueueOutcome } from "./queue-outcome";
import { createWorkQueue } from "./work-queue";

/** The budget: a key press to the next claimed item painted, p95, with two annotators on one queue. */
export const WORK_MODE_BUDGET_MS = 100;
/** Time for the last claims to settle and be read back, and the Completes they held to be sent. */
const SETTLE_AFTER_RUN_MS = 2000;

const annotatorOf = (id: string): Annotator => {
  const user = DEMO_USERS.find((u) => u.id === id);
  if (!user) throw new Error(`no demo user ${id}`);
  return { id: user.id, apiKey: user.apiKey };
};
/** Two of the demo's annotators, each with their own key (their progress and claims are theirs). */
const ANNOTATORS = [annotatorOf("user-demo"), annotatorOf("user-maria")];

const dist = (values: readonly number[]) => {
  const s = summarize(values);
  return `${ms(s.p50)} / ${ms(s.p95)}`;
};

/** The pieces a press had (a press without the request of a piece has none). */
const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

/** The presses' request mixes, most common first, with how many presses had each. */
function mixes(presses: readonly TimedPress[]): [string, number][] {
  const counted = new Map<string, number>();
  for (const press of presses) {
    const mix = requestMix(press.requests);
    counted.set(mix, (counted.get(mix) ?? 0) + 1);
  }
  return [...counted].sort((a, b) => b[1] - a[1]);
}

/**
 * Two annotators (two browser contexts, the demo's and maria's keys) on a fresh queue of
 * `profile.workMode.queueItems` unstarted items with one rating question: each presses Start
 * annotating, then answers (`1`) and presses Complete & next (Shift+C) `thinkMs` after each item
 * painted, `itemsPerAnnotator` times, both at once. Times each press to the next claimed item
 * painted and lists the requests on the way; then reads the queue back from the server's database
 * for collisions (an item completed by both) and lost claims.
 */
export async function workModePart(
  server: BenchServer,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const { itemsPerAnnotator, thinkMs, queueItems } = profile.workMode;
  const queue = await createWorkQueue(
    server.url,
    ANNOTATORS[0]!.apiKey,
    manifest.project,
    { specQueueId: manifest.demoQueueId, callsQueueId: manifest.bigQueueId },
    queueItems,
  );
  console.info(`    queue ${queue.id}: ${queue.items} unstarted items, one question (${queue.questionLabel})`);
  const session = await openAnnotatorPages(server.url, manifest, ANNOTATORS);
  let runs: AnnotatorRun[];
  try {
    // Warm the browser's code cache: the first load of each context compiles the app.
    for (const { page } of session.pages) {
      await page.goto("/queues");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
    }
    runs = await Promise.all(
      session.pages.map(({ annotator, page }) =>
        runAnnotator(page, annotator.id, queue, { items: itemsPerAnnotator, thinkMs }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_RUN_MS));
  } finally {
    await session.close();
  }
  const outcome = readQueueOutcome(server.dataDir, queue.id);

  const presses = runs.flatMap((run) => run.presses);
  const paint = summarize(presses.map((p) => p.keyToPaintMs));
  const found = summarize(presses.map((p) => p.keyToFoundMs));
  const longestFrame = Math.max(...presses.map((p) => p.longestFrameMs));
  const splits = presses.map(splitPath);
  const lostSaid = runs.reduce((n, run) => n + run.lostRacesSaid, 0);
  // Presses that left an item the same annotator had left before: an item they completed, offered to them again.
  const shownAgain = runs.reduce((n, run) => n + run.itemsLeft.length - new Set(run.itemsLeft).size, 0);
  const stuck = runs.reduce((n, run) => n + run.stuck, 0);
  const lateAnswers = runs.reduce((n, run) => n + run.lateAnswers, 0);
  const perKind = REQUEST_KINDS.map((kind) => {
    const counts = presses.map((p) => p.requests.filter((r) => kindOf(r) === kind).length);
    const durations = presses.flatMap((p) =>
      p.requests.filter((r) => kindOf(r) === kind).map((r) => r.endMs - r.startMs),
    );
    return { kind, mean: counts.reduce((a, b) => a + b, 0) / Math.max(1, presses.length), durations };
  }).filter((k) => k.mean > 0);
  const verdict = against(paint.p95, WORK_MODE_BUDGET_MS);
  const collisionVerdict = outcome.collisions === 0 ? "pass" : "fail";
  console.info(
    `    key → painted p50 ${ms(paint.p50)}, p95 ${ms(paint.p95)}, max ${ms(paint.max)}; ` +
      `${outcome.collisions} collisions, ${outcome.lostClaims} lost claims, ${outcome.itemsCompleted} items completed, ` +
      `${shownAgain} shown again`,
  );

  const markdown = [
    `## Work mode: two annotators on one queue (Playwright, Chromium, ${count(queue.items)}-item queue)`,
    "",
    `A fresh queue of ${count(queue.items)} unstarted items (calls of the benchmark's big queue) with one required question (the 1-5 ${queue.questionLabel} rating), default team settings (one answer per item, claims expire after 30 min). Two annotators, ${ANNOTATORS.map((a) => `\`${a.id}\``).join(" and ")}, each in a browser context of one Chromium with their own key, press **Start annotating** at the same moment and then, ${itemsPerAnnotator} times each, answer (\`1\`) and press **Complete & next** (Shift+C) ${thinkMs} ms after the item painted. Timed in the page: the keydown's time stamp to the animation frame after the one that first shows the next item (its id in its details, its call drawn, no "Loading the call…"; not the address, which the review writes after the paint): an upper bound on the paint, by up to a frame. The requests on the way are the Resource Timing entries that started between the press and the paint. Afterwards the queue's progress records are read back from the server's SQLite file.`,
    "",
    table(
      [
        "presses",
        "key → painted p50",
        "p95",
        "max",
        "first shown p50 / p95",
        "longest frame",
        "reading time p50 / p95",
        "stuck",
        "budget (p95)",
        "verdict",
      ],
      [
        [
          String(presses.length),
          ms(paint.p50),
          ms(paint.p95),
          ms(paint.max),
          `${ms(found.p50)} / ${ms(found.p95)}`,
          ms(longestFrame),
          dist(presses.map((p) => p.sincePaintMs)),
          String(stuck),
          `< ${WORK_MODE_BUDGET_MS} ms`,
          verdictMark(verdict),
        ],
      ],
    ),
    "",
    "Where the time goes (p50 / p95 over the presses; after the search, each from the search's answer):",
    "",
    table(
      [
        "press → search answered",
        "→ item first shown",
        "→ claim's write back",
        "→ call read (when on the path)",
        "shown before the claim's write was back",
        "last response → painted",
      ],
      [
        [
          dist(present(splits.map((s) => s.searchMs))),
          dist(present(splits.map((s) => s.foundMs))),
          dist(present(splits.map((s) => s.claimMs))),
          dist(present(splits.map((s) => s.callMs))),
          `${splits.filter((s) => s.shownBeforeClaim === true).length} of ${splits.filter((s) => s.shownBeforeClaim !== null).length}`,
          dist(splits.map((s) => s.renderMs)),
        ],
      ],
    ),
    "",
    "Requests between the press and the paint (per press, and each one's duration p50 / p95):",
    "",
    table(
      ["request", "per press (mean)", "duration p50 / p95"],
      perKind.map((k) => [k.kind, k.mean.toFixed(2), dist(k.durations)]),
    ),
    "",
    "Items queries from the press until the probe answered, by what their body asks (seen by Playwright: a bound, not to the frame):",
    "",
    table(
      ["search page", "one item by id (item read, claim read-back)", "list window (the review's neighbours)"],
      [
        (["search page", "one item by id", "list window"] as const).map((kind) =>
          (presses.reduce((n, p) => n + p.itemsQueries[kind], 0) / Math.max(1, presses.length)).toFixed(2),
        ),
      ],
    ),
    "",
    table(
      ["requests on the path", "presses"],
      mixes(presses)
        .slice(0, 5)
        .map(([mix, n]) => [mix, String(n)]),
    ),
    "",
    "The queue afterwards (from the database):",
    "",
    table(
      [
        "items completed",
        "collisions (completed by both)",
        "lost claims (left in progress, completed by the other)",
        "lost claims announced",
        "items shown again to whoever completed them",
        "items answered by both",
        "completed per annotator",
        "answers shown after the reading time",
      ],
      [
        [
          String(outcome.itemsCompleted),
          String(outcome.collisions),
          String(outcome.lostClaims),
          String(lostSaid),
          String(shownAgain),
          String(outcome.answeredTwice),
          Object.entries(outcome.completedBy)
            .map(([who, n]) => `${who} ${n}`)
            .join(", "),
          String(lateAnswers),
        ],
      ],
    ),
  ].join("\n");
  return {
    summary: [
      {
        benchmark: `Browser: work mode, two annotators at ${thinkMs} ms per item, Complete & next → next claimed item painted`,
        result: `p95 ${ms(paint.p95)} (p50 ${ms(paint.p50)}, max ${ms(paint.max)}) over ${presses.length} presses`,
        budget: `< ${WORK_MODE_BUDGET_MS} ms p95`,
        verdict,
      },
      {
        benchmark: `Work mode: collisions (an item completed by both annotators) in ${presses.length} items`,
        result: `${outcome.collisions} collisions, ${outcome.lostClaims} lost claims, ${outcome.itemsCompleted} items completed`,
        budget: "0",
        verdict: collisionVerdict,
      },
      {
        benchmark: `Work mode: items offered again to the annotator who completed them, in ${presses.length} presses`,
        result: `${shownAgain} shown again`,
        budget: "0",
        verdict: shownAgain === 0 ? "pass" : "fail",
      },
    ],
    markdown,
    data: {
      workMode: { queue, runs, outcome, paint, found, longestFrame, splits, stuck, lateAnswers, lostSaid, shownAgain },
    },
  };
}
