import { BENCH_ANNOTATORS } from "../fixtures/annotators";
import type { ServerDbManifest } from "../fixtures/server-db";
import { networkQuiet, openSession } from "../interactions/browser-session";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { summarize } from "../lib/stats";
import { writeAnswers } from "./answers";
import { FeedbackGate } from "./feedback-gate";
import { openItem, type FormSample } from "./open-item";

/** The budget: an item with 4 questions and 3 annotators' answers paints its form with the values within 50 ms of the answers' arrival. */
export const FORM_BUDGET_MS = 50;

/**
 * Writes three annotators' answers to the four questions of `profile.reviewForm.items` items of the
 * 10,000-item demo queue (through the API, each with their own key), then opens each item's review
 * page from a fresh load with its answers held back until the rest of the page is drawn, and times
 * the answers' response to the form showing them (open-item.ts, form-probe.ts).
 */
export async function reviewFormPart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const items = await writeAnswers(
    origin,
    manifest.project,
    manifest.demoQueueId,
    BENCH_ANNOTATORS,
    profile.reviewForm.items,
  );
  const session = await openSession(origin, manifest);
  try {
    const gate = new FeedbackGate();
    await gate.install(session.page);
    const quiet = networkQuiet(session.page, gate.isHeldKind);
    const open = (item: (typeof items)[number]) => openItem(session.page, gate, quiet, manifest.demoQueueId, item);
    // Untimed: the first load compiles the app's code and fills the browser's caches.
    await open(items[0]!);
    const samples: FormSample[] = [];
    for (const item of items) samples.push(await open(item));
    console.info(`    response → painted: ${samples.map((s) => Math.round(s.responseToPaintMs)).join(", ")} ms`);

    const paint = summarize(samples.map((s) => s.responseToPaintMs));
    const found = summarize(samples.map((s) => s.responseToFoundMs));
    const release = summarize(samples.map((s) => s.releaseToResponseMs));
    const longestFrame = Math.max(...samples.map((s) => s.longestFrameMs));
    const verdict = against(paint.p95, FORM_BUDGET_MS);
    const benchmark = `Browser: review page, item with 4 questions answered by 3 annotators, answers' response → form painted with them`;
    const markdown = [
      `## Review: the Annotate form with three annotators' answers (Playwright, Chromium, ${count(manifest.demoQueueItems)}-item queue)`,
      "",
      `${samples.length} items of the tone review (4 questions: a 1-5 tone rating unique among annotators, a resolution choice, yes/no, a comment), each answered on every question by three annotators through \`/feedback/create\` with their own keys (the demo user, who opens the page, and two more). Each item's review page is opened from a fresh load (one untimed load first) with its answers' \`/feedback/query\` held back (page.route) until the call and the four empty questions are drawn and no other request is in flight; then it is let through to the server. Start: that response's \`responseEnd\` (Resource Timing), when the answers have arrived in the page. End: the animation frame after the one that first shows every value (the demo user's tone and the last annotator's choice, yes/no and comment picked or filled, the tone's "Others:" line with both others' ratings): that frame has been painted by then, so this is an upper bound on the paint, by up to a frame. "First shown" ends at the frame that shows them, before its paint. Data arriving while the rest of the page is still being drawn would wait for that work too; this times the form's own update.`,
      "",
      table(
        [
          "items",
          "response → painted p50",
          "p95",
          "max",
          "first shown p50 / p95",
          "held request: release → response p50",
          "longest frame",
          "response size",
          "budget (p95)",
          "verdict",
        ],
        [
          [
            String(samples.length),
            ms(paint.p50),
            ms(paint.p95),
            ms(paint.max),
            `${ms(found.p50)} / ${ms(found.p95)}`,
            ms(release.p50),
            ms(longestFrame),
            `${Math.round(samples[0]!.responseBytes / 100) / 10} KB`,
            `< ${FORM_BUDGET_MS} ms`,
            verdictMark(verdict),
          ],
        ],
      ),
    ].join("\n");
    return {
      summary: [
        {
          benchmark,
          result: `p95 ${ms(paint.p95)} (p50 ${ms(paint.p50)}, max ${ms(paint.max)}; first shown p95 ${ms(found.p95)}) over ${samples.length} items`,
          budget: `< ${FORM_BUDGET_MS} ms p95`,
          verdict,
        },
      ],
      markdown,
      data: { reviewForm: { samples, paint, found, release, longestFrame } },
    };
  } finally {
    await session.close();
  }
}
