import type { Page } from "@playwright/test";

/** One layout shift the browser reported, not caused by input, with what moved. */
export type Shift = { value: number; sources: string[] };

/** Lighthouse's "good" is under 0.1; a page that reserves its boxes scores 0 but for text reflowing. */
export const MAX_SHIFT = 0.01;

/** Records every layout shift not caused by input, with what moved, from the page's first script on. */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) => {
          if (!(node instanceof Element)) return node?.nodeName ?? "?";
          return `${node.tagName.toLowerCase()} "${(node.textContent ?? "").slice(0, 40)}"`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Forgets the shifts recorded so far: what follows is what a test is about. */
export async function forgetShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts.length = 0;
  });
}

/** The shifts recorded, two frames on (a shift is reported once the frame that caused it is laid out). */
export async function shiftsSoFar(page: Page): Promise<Shift[]> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

/** The shifts' sum, and a description of each for a failure's message. */
export function describeShifts(shifts: readonly Shift[]): { total: number; described: string } {
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const described = shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join(", ")}`).join("\n");
  return { total, described: `layout shifts:\n${described}` };
}
