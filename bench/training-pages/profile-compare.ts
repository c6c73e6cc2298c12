import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/browser";
import { signedInStorage, writeStorage } from "../lib/dashboard-storage";

/**
 * Where a smoothing change on the Compare page spends its time: loads a comparison once, then
 * presses the Smoothing slider REPS times under the CPU profiler and prints each redraw's
 * `training-compare` measure and the functions with the most self time (per press).
 * `COMPARE_JOBS=a,b,… npx tsx bench/training-pages/profile-compare.ts http://127.0.0.1:4531`
 * (jobs of 10,000 steps, e.g. those measure.ts made); PROFILE_OUT=file.cpuprofile keeps the last
 * profile for Chrome's DevTools.
 */

const origin = process.argv[2] ?? "http://127.0.0.1:4531";
const jobs = (process.env.COMPARE_JOBS ?? "").split(",").filter(Boolean);
const reps = Number(process.env.REPS ?? 6);
if (jobs.length < 2) throw new Error("COMPARE_JOBS: two to eight job ids, comma-separated");

/** The parts of a CDP Profiler.Profile read here. */
type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** Runs in the page: every job of the comparison has read its 10,000 steps. */
function allRead(count: number): boolean {
  const entries = Array.from(document.querySelectorAll('[data-testid="compare-legend-entry"]'));
  return entries.length === count && entries.every((entry) => entry.textContent?.includes("10,000 steps"));
}

/** Runs in the page. */
const compareMeasures = () => performance.getEntriesByName("training-compare", "measure").map((m) => m.duration);

/** Self time per function (ms per press), and in all but idle time. */
function selfTimes(profiles: readonly CpuProfile[]): { work: number; top: [string, number][] } {
  const self = new Map<string, number>();
  let work = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples?.forEach((id, i) => {
      const { functionName, url, lineNumber, columnNumber } = nodes.get(id)!.callFrame;
      const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber}:${columnNumber}`;
      const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000;
      self.set(key, (self.get(key) ?? 0) + ms);
      if (functionName !== "(idle)") work += ms;
    });
  }
  const top = [...self]
    .filter(([key]) => !key.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  return { work: work / profiles.length, top: top.map(([key, ms]) => [key, ms / profiles.length]) };
}

async function main() {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const context = await browser.newContext({
    viewport: { width: Number(process.env.WIDTH ?? 1366), height: 900 },
    baseURL: origin,
  });
  await context.addInitScript(writeStorage, {
    ...signedInStorage(),
  });
  const page = await context.newPage();
  await page.goto(`/training/compare?jobs=${jobs.join(",")}`);
  await page.waitForFunction(allRead, jobs.length, { timeout: 180_000, polling: 250 });
  await page.waitForTimeout(1_500);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const slider = page.getByRole("slider", { name: "Smoothing" });
  const durations: number[] = [];
  const profiles: CpuProfile[] = [];
  for (let i = 0; i < reps; i += 1) {
    const before = (await page.evaluate(compareMeasures)).length;
    await cdp.send("Profiler.start");
    await slider.press(i % 2 === 0 ? "ArrowRight" : "ArrowLeft");
    await page.waitForFunction(
      (count) => performance.getEntriesByName("training-compare", "measure").length > count,
      before,
      { timeout: 20_000 },
    );
    profiles.push((await cdp.send("Profiler.stop")).profile);
    durations.push((await page.evaluate(compareMeasures)).at(-1)!);
    await page.waitForTimeout(400);
  }
  await browser.close();
  const { work, top } = selfTimes(profiles);
  console.info(
    `redraw on a smoothing change (training-compare measure): ${durations.map((d) => d.toFixed(1)).join(", ")} ms`,
  );
  console.info(`main-thread work per press (profile, idle excluded): ${work.toFixed(1)} ms; self time per press:`);
  for (const [key, ms] of top) console.info(`${ms.toFixed(2).padStart(8)} ms  ${key}`);
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profiles.at(-1)));
}

await main();
