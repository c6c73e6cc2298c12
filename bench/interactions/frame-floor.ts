/**
 * What a key press to the next paint cannot go under in the bench's Chromium on this machine:
 * `npx tsx bench/interactions/frame-floor.ts [presses]`. The same flags (software compositing) and viewport as the
 * review-keys part, a tiny static page, and a keydown whose handler changes one text node, then one that swaps a
 * block of about 2,000 characters of text; each timed by Event Timing as the bench times the review's keys. Also the
 * interval between animation frames there. A diagnostic, not a benchmark: it prints, it keeps nothing.
 */
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath, KEEP_NAMES_SHIM } from "../lib/browser";
import { percentile } from "../lib/stats";

/** An event under the browser's 16 ms reporting threshold: its rounded duration was 8 ms or less. */
const UNREPORTED_EVENT_MS = 8;
/** The review-keys loop's pause before each press: the page is idle when the key comes, as there. */
const THINK_MS = 400;

type Variant = "text node" | "2,000 characters";

/** Runs in the page: the page's one job, changing what is on screen on each `n`. */
function installPage(variant: Variant): void {
  const words = "the quick brown fox jumps over a lazy dog while the annotator reads the call ".split(" ");
  let presses = 0;
  const block = () =>
    Array.from({ length: 340 }, (_, i) => words[(i * 7 + presses) % words.length])
      .join(" ")
      .slice(0, 2000);
  document.body.innerHTML =
    '<main style="font: 14px system-ui; padding: 16px"><h1>Item <span id="n">0</span></h1><p id="block"></p></main>';
  const counter = document.getElementById("n")?.firstChild as Text;
  const paragraph = document.getElementById("block") as HTMLElement;
  paragraph.textContent = block();
  const w = window as unknown as { keydownEntries: PerformanceEventTiming[] };
  w.keydownEntries = [];
  // 16 ms is the lowest threshold the browser accepts: shorter events are not reported.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.name === "keydown") w.keydownEntries.push(entry);
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "n") return;
    presses += 1;
    counter.data = String(presses);
    if (variant === "2,000 characters") paragraph.textContent = block();
  });
}

/** Runs in the page: the keydown's Event Timing duration (null when under the threshold), waited for a moment. */
async function lastKeyDuration(since: number): Promise<number | null> {
  const w = window as unknown as { keydownEntries: PerformanceEventTiming[] };
  for (let waited = 0; waited < 300; waited += 50) {
    const entry = w.keydownEntries.find((e) => e.startTime >= since);
    if (entry) return entry.duration;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** Runs in the page: the intervals between `frames` consecutive animation frames. */
function frameIntervals(frames: number): Promise<number[]> {
  return new Promise((done) => {
    const stamps: number[] = [];
    const tick = (t: number) => {
      stamps.push(t);
      if (stamps.length > frames) done(stamps.slice(1).map((s, i) => s - (stamps[i] ?? s)));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function measure(page: Page, variant: Variant, presses: number): Promise<(number | null)[]> {
  await page.setContent("<!doctype html><title>Frame floor</title>");
  await page.evaluate(KEEP_NAMES_SHIM);
  await page.evaluate(installPage, variant);
  const durations: (number | null)[] = [];
  for (let i = 0; i < presses; i++) {
    await page.waitForTimeout(THINK_MS);
    const since = await page.evaluate(() => performance.now());
    await page.keyboard.press("n");
    durations.push(await page.evaluate(lastKeyDuration, since));
  }
  return durations;
}

function report(variant: Variant, durations: (number | null)[]): void {
  const values = durations.map((d) => d ?? UNREPORTED_EVENT_MS);
  const reported = durations.filter((d) => d !== null).length;
  console.info(
    `${variant.padEnd(18)} key → next paint p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, ` +
      `max ${Math.max(...values)} ms (${reported} of ${values.length} at 16 ms or more; the rest count as 8)`,
  );
}

async function main(): Promise<void> {
  const presses = Number(process.argv[2] ?? 50);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Playwright passes its own headless flag.
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (const variant of ["text node", "2,000 characters"] as const)
      report(variant, await measure(page, variant, presses));
    const intervals = await page.evaluate(frameIntervals, 120);
    console.info(
      `animation frames   interval p50 ${percentile(intervals, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(intervals, 95).toFixed(1)} ms over ${intervals.length} frames`,
    );
  } finally {
    await browser.close();
  }
}

await main();
