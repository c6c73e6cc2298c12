/**
 * What moves on the review page as an annotator works: `npx tsx bench/interactions/review-shifts.ts [dist dir]
 * [presses]`. The bench's server, data and viewport; the review keys' four ways of pressing (`n` and Complete & next,
 * each on items left unanswered and on items whose first question was answered, the Complete press refused once
 * first, as review-keys does), with every layout shift the browser reports listed after the key that preceded it.
 * A shift of the item below the heading makes the next item's frame redraw the whole page, and moves what the
 * annotator was about to click. A diagnostic, not a benchmark: it prints, it keeps nothing.
 */
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { serverDatabase } from "../fixtures/server-db";
import { startBenchServer } from "../lib/bench-server";
import { DEFAULT_DIST_DIR } from "../lib/paths";
import { openSession } from "./browser-session";

type Way = { key: "n" | "C"; answered: boolean };
const WAYS: readonly Way[] = [
  { key: "n", answered: false },
  { key: "C", answered: false },
  { key: "n", answered: true },
  { key: "C", answered: true },
];

/** Runs in the page: keeps each key pressed and each layout shift, in the order they came, as lines. */
function recordShifts(): void {
  const w = window as unknown as { shiftLog: string[] };
  w.shiftLog = [];
  document.addEventListener("keydown", (event) => w.shiftLog.push(`key ${event.key}`), true);
  type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
  // Inside: this function runs in the page, where the module's scope does not exist.
  // oxlint-disable-next-line unicorn/consistent-function-scoping
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; sources: Source[] }[])
      for (const source of entry.sources) {
        const node = source.node instanceof Element ? source.node : source.node?.parentElement;
        const name = node ? `<${node.tagName.toLowerCase()} class="${node.className.slice(0, 60)}">` : "(gone)";
        w.shiftLog.push(
          `  shift ${entry.value.toFixed(4)} ${name} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
        );
      }
  }).observe({ type: "layout-shift" });
}

async function pressWay(page: Page, queueId: string, way: Way, presses: number): Promise<string[]> {
  await page.goto(`/queues/${queueId}?state=unstarted`);
  await page.locator("table tbody tr[data-item-row]").first().waitFor();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/items\//);
  await page.waitForTimeout(1000);
  await page.evaluate(recordShifts);
  for (let i = 0; i < presses; i++) {
    if (way.answered) await page.keyboard.press("1");
    await page.waitForTimeout(400);
    if (way.key === "C") {
      // Refused (questions left unanswered), as in review-keys: the timed press is the second.
      await page.keyboard.press("Shift+C");
      await page.getByText("Not completed yet").first().waitFor({ timeout: 5000 });
    }
    await page.keyboard.press(way.key === "C" ? "Shift+C" : "n");
    await page.waitForTimeout(500);
  }
  return page.evaluate(() => (window as unknown as { shiftLog: string[] }).shiftLog);
}

async function main(): Promise<void> {
  const distDir = resolve(process.argv[2] ?? DEFAULT_DIST_DIR);
  const presses = Number(process.argv[3] ?? 6);
  const database = serverDatabase({ rebuild: false });
  const server = await startBenchServer({ databaseFile: database.file, dashboardDir: distDir });
  const session = await openSession(server.url, database.manifest);
  try {
    for (const way of WAYS) {
      const log = await pressWay(session.page, database.manifest.demoQueueId, way, presses);
      const shifts = log.filter((line) => line.startsWith("  shift")).length;
      console.info(
        `\n${way.key === "C" ? "Complete & next" : "Next (n)"}${way.answered ? ", answered" : ""}: ${shifts} shifts`,
      );
      for (const line of log) console.info(line);
    }
  } finally {
    await session.close();
    await server.stop();
  }
}

await main();
