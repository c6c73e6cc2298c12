/**
 * Where the frame of a review key press goes, after the handler: `npx tsx bench/interactions/review-trace.ts
 * [dist dir] [presses]`. The bench's server, Chromium flags and viewport; a Chrome trace around `presses` presses of
 * `n` and of Complete & next (Shift+C, the second press of each item, as review-keys times it) on the production
 * build, summed per press by the browser's own phases, with the DOM nodes each press inserted and removed (and with
 * PROFILE=1, the JavaScript functions the key's handling ran); KEYS=n or KEYS=C traces that key alone.
 * A diagnostic, not a benchmark: it prints, it keeps nothing.
 */
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { serverDatabase } from "../fixtures/server-db";
import { startBenchServer } from "../lib/bench-server";
import { DEFAULT_DIST_DIR } from "../lib/paths";
import { openSession } from "./browser-session";
import { profileWithin } from "./handler-profile";

/** With PROFILE, lists the JavaScript inside the key's handling (read it on a build without minification). */
const PROFILE = Boolean(process.env.PROFILE);
const CATEGORIES =
  "devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz,gpu" +
  // With TRACE_DEBUG, also what made each element need its style recalculated (the listing names it).
  (process.env.TRACE_DEBUG ? ",disabled-by-default-devtools.timeline.invalidationTracking" : "") +
  // With PROFILE, V8's sampling profiler too: the functions that ran in the key's handling (handler-profile.ts).
  (PROFILE ? ",disabled-by-default-v8.cpu_profiler" : "");
/** Trace event names summed per press, under the names DevTools shows. */
const PHASES: Record<string, string> = {
  EventDispatch: "Event handlers",
  UpdateLayoutTree: "Recalculate styles",
  Layout: "Layout",
  PrePaint: "Pre-paint",
  Paint: "Paint",
  Layerize: "Layerize",
  "ProxyMain::BeginMainFrame::commit": "Commit (main)",
  "ProxyImpl::ScheduledActionCommit": "Commit (compositor)",
  RasterTask: "Raster",
  "Display::DrawAndSwap": "Draw and swap",
  // V8's collections, inside whatever ran when the heap filled (a key's handling too).
  MinorGC: "Garbage collection (minor)",
  MajorGC: "Garbage collection (major)",
};
/** With ANSWERED, `1` answers the item's first question before each press, as review-keys' "answered" keys do. */
const ANSWERED = Boolean(process.env.ANSWERED);
/** KEYS=n (or C) traces one key only; both by default. */
const KEYS = keysToTrace(process.env.KEYS);

function keysToTrace(asked: string | undefined): ("n" | "C")[] {
  if (!asked) return ["n", "C"];
  const keys = asked.split(",");
  const unknown = keys.filter((key) => key !== "n" && key !== "C");
  if (unknown.length > 0) throw new Error(`KEYS: ${unknown.join(", ")} is not n or C (Complete & next)`);
  return keys as ("n" | "C")[];
}
/** How long the annotator reads before each press (the bench's think time): this machine's cores are slow after idle. */
const READ_MS = 400;
/** A press's window: the next item is drawn well within it; presses are at least READ_MS apart. */
const WINDOW_US = 150_000;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown>; elementCount?: number };
};
type DomCount = { inserted: number; removed: number };

/** Runs in the page: marks the next timed press in the trace and counts the elements it inserts and removes. */
function armPressMark(key: string): void {
  const w = window as unknown as { pressCounts?: Promise<DomCount> };
  w.pressCounts = new Promise((done) => {
    const counts = { inserted: 0, removed: 0 };
    // Inside: this function runs in the page, where the module's scope does not exist.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const size = (node: Node) => (node instanceof Element ? 1 + node.getElementsByTagName("*").length : 0);
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) counts.inserted += size(n);
        for (const n of r.removedNodes) counts.removed += size(n);
      }
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key) return;
      document.removeEventListener("keydown", onKey, true);
      // The trace's mark of the press (a TimeStamp event): the page's clock is not the trace's.
      // oxlint-disable-next-line no-console
      console.timeStamp("review-press");
      observer.observe(document.body, { childList: true, subtree: true });
      setTimeout(() => {
        observer.disconnect();
        done(counts);
      }, 150);
    };
    document.addEventListener("keydown", onKey, true);
  });
}

async function openReview(page: Page, queueId: string): Promise<void> {
  await page.goto(`/queues/${queueId}?state=unstarted`);
  await page.locator("table tbody tr[data-item-row]").first().waitFor();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/items\//);
  await page.getByRole("button", { name: "Next", exact: true }).waitFor();
  await page.waitForTimeout(1000);
}

async function pressLoop(page: Page, key: "n" | "C", presses: number): Promise<DomCount[]> {
  const counts: DomCount[] = [];
  for (let i = 0; i < presses; i++) {
    if (ANSWERED) await page.keyboard.press("1");
    await page.waitForTimeout(READ_MS);
    if (key === "C") {
      await page.keyboard.press("Shift+C");
      await page.getByText("Not completed yet").first().waitFor({ timeout: 5000 });
      // The warning is read too, as review-keys does: a press right after its render would find the cores awake.
      await page.waitForTimeout(READ_MS);
    }
    await page.evaluate(armPressMark, key);
    await page.keyboard.press(key === "C" ? "Shift+C" : "n");
    counts.push(await page.evaluate(() => (window as unknown as { pressCounts: Promise<DomCount> }).pressCounts));
  }
  return counts;
}

/** The key's own dispatch: the mark at `from` is made in a listener of the key, inside it. */
function keyDispatchOf(events: TraceEvent[], from: number, renderer: Set<number>): TraceEvent | undefined {
  return events.find(
    (e) =>
      e.name === "EventDispatch" &&
      e.args?.data?.type === "keydown" &&
      renderer.has(e.pid) &&
      e.ts <= from &&
      e.ts + (e.dur ?? 0) >= from,
  );
}

/**
 * The end of the first frame that shows the press's work: the first draw and swap that starts after the first paint
 * that ends after the key's handlers (the renderer paints the next item there, then viz draws and presents it).
 */
function firstFrameEnd(events: TraceEvent[], from: number, renderer: Set<number>): number | null {
  const inWindow = (e: TraceEvent) => e.ph === "X" && e.ts >= from && e.ts <= from + WINDOW_US;
  const handler = keyDispatchOf(events, from, renderer);
  if (!handler) return null;
  const handled = handler.ts + (handler.dur ?? 0);
  const paint = events.find((e) => inWindow(e) && e.name === "Paint" && e.ts >= handled && renderer.has(e.pid));
  if (!paint) return null;
  const swap = events.find((e) => inWindow(e) && e.name === "Display::DrawAndSwap" && e.ts >= paint.ts);
  return swap ? swap.ts + (swap.dur ?? 0) : null;
}

/**
 * Where the key's frame waited: from the end of the key's handling to the start of the renderer's main frame
 * (a frame begins on the display's 60 Hz tick), and from that main frame's end to the frame swapped (raster, draw).
 */
function frameWaits(events: TraceEvent[], from: number, renderer: Set<number>, frameEnd: number) {
  const handler = keyDispatchOf(events, from, renderer);
  if (!handler) return {};
  const handled = handler.ts + (handler.dur ?? 0);
  const frame = events.find(
    (e) => e.name === "ProxyMain::BeginMainFrame" && e.ph === "X" && e.ts >= handled && renderer.has(e.pid),
  );
  if (!frame || frame.ts > frameEnd) return {};
  const frameDone = frame.ts + (frame.dur ?? 0);
  return {
    "Wait for the main frame": (frame.ts - handled) / 1000,
    "Main frame": (frameDone - frame.ts) / 1000,
    "Main frame to swapped": (frameEnd - frameDone) / 1000,
  };
}

/** Per press: milliseconds per phase from the key to the end of the first frame that shows it. */
function perPress(events: TraceEvent[]): Record<string, number>[] {
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  const marks = sorted.filter((e) => e.name === "TimeStamp" && e.args?.data?.message === "review-press");
  const renderer = new Set(marks.map((m) => m.pid));
  // The last press: the first runs code the browser has not compiled yet.
  const listed = marks.at(-1);
  if (process.env.TRACE_DEBUG && listed) {
    const t0 = listed.ts;
    for (const e of sorted) {
      if (e.name.endsWith("InvalidationTracking") && e.ts >= t0 && e.ts < t0 + 100_000)
        console.info(`${((e.ts - t0) / 1000).toFixed(1)} ${e.name} ${JSON.stringify(e.args?.data).slice(0, 300)}`);
      if (PHASES[e.name] && e.ts >= t0 - 20_000 && e.ts < t0 + 100_000 && e.ph === "X")
        console.info(
          `${((e.ts - t0) / 1000).toFixed(1)} +${((e.dur ?? 0) / 1000).toFixed(1)} ${e.name} ${e.pid}/${e.tid}` +
            (e.args?.elementCount ? ` (${e.args.elementCount} elements)` : ""),
        );
    }
  }
  return marks.map((mark) => {
    const sums: Record<string, number> = {};
    const frameEnd = firstFrameEnd(sorted, mark.ts, renderer) ?? mark.ts + WINDOW_US;
    Object.assign(sums, frameWaits(sorted, mark.ts, renderer, frameEnd));
    let layoutObjects = 0;
    let styledElements = 0;
    for (const e of sorted) {
      const phase = PHASES[e.name];
      // The key's own dispatch began before the mark made inside it: it counts whole.
      const keyDispatch = e.name === "EventDispatch" && e.ts <= mark.ts && e.ts + (e.dur ?? 0) >= mark.ts;
      if (!phase || e.ph !== "X" || (e.ts < mark.ts && !keyDispatch) || e.ts > frameEnd) continue;
      if (phase !== "Draw and swap" && !renderer.has(e.pid)) continue;
      sums[phase] = (sums[phase] ?? 0) + (e.dur ?? 0) / 1000;
      if (e.name === "Layout") layoutObjects += Number(e.args?.beginData?.dirtyObjects ?? 0);
      if (e.name === "UpdateLayoutTree") styledElements += Number(e.args?.elementCount ?? 0);
    }
    sums["Layout objects (dirty)"] = layoutObjects;
    sums["Elements restyled"] = styledElements;
    sums["Key to first frame swapped"] = (frameEnd - mark.ts) / 1000;
    return sums;
  });
}

/** The first `count` rows of a profile's listing, milliseconds per press first. */
function profileRows(rows: [string, number][], count: number): string {
  return rows
    .slice(0, count)
    .map(([name, ms]) => `    ${ms.toFixed(2).padStart(6)} ${name}`)
    .join("\n");
}

/** The functions the key's handlings ran, averaged per press (PROFILE). */
function reportProfile(events: TraceEvent[]): void {
  const marks = events.filter((e) => e.name === "TimeStamp" && e.args?.data?.message === "review-press");
  const renderer = new Set(marks.map((m) => m.pid));
  const windows = marks.flatMap((mark) => {
    const handler = keyDispatchOf(events, mark.ts, renderer);
    return handler ? [[handler.ts, handler.ts + (handler.dur ?? 0)] as [number, number]] : [];
  });
  const profile = profileWithin(events, marks[0]?.pid ?? -1, windows);
  console.info(`  JavaScript in the key's handling, ${profile.sampledMs.toFixed(2)} ms sampled per press; self:`);
  console.info(profileRows(profile.self, 12));
  console.info("  inclusive:");
  console.info(profileRows(profile.inclusive, Number(process.env.PROFILE_ROWS ?? 25)));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) : 0;
}

function report(label: string, sums: Record<string, number>[], dom: DomCount[]): void {
  const names = [...new Set(sums.flatMap((s) => Object.keys(s)))];
  console.info(`\n${label}: ${sums.length} presses traced, median and mean per press (max)`);
  for (const name of names) {
    const values = sums.map((s) => s[name] ?? 0);
    const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
    console.info(
      `  ${name.padEnd(30)} ${median(values).toFixed(1).padStart(7)} ${mean.toFixed(1).padStart(7)} (${Math.max(...values).toFixed(1)})`,
    );
  }
  console.info(
    `  DOM elements inserted / removed: ${median(dom.map((d) => d.inserted))} / ${median(dom.map((d) => d.removed))}`,
  );
}

async function main(): Promise<void> {
  const distDir = resolve(process.argv[2] ?? DEFAULT_DIST_DIR);
  const presses = Number(process.argv[3] ?? 10);
  const database = serverDatabase({ rebuild: false });
  const server = await startBenchServer({ databaseFile: database.file, dashboardDir: distDir });
  const session = await openSession(server.url, database.manifest);
  try {
    for (const key of KEYS) {
      await openReview(session.page, database.manifest.demoQueueId);
      await session.browser.startTracing(session.page, { categories: CATEGORIES.split(",") });
      const dom = await pressLoop(session.page, key, presses);
      const trace = JSON.parse((await session.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      report(key === "n" ? "Next (n)" : "Complete & next (Shift+C)", perPress(trace.traceEvents), dom);
      if (PROFILE) reportProfile(trace.traceEvents);
    }
  } finally {
    await session.close();
    await server.stop();
  }
}

await main();
