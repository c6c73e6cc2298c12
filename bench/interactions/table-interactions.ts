import type { Locator, Page } from "playwright-core";
import { pageState, settlePage } from "../lib/page-state";
import { armRowProbe, collectRowProbe, type RowProbeResult } from "./row-probe";

const ROWS = "table tbody tr[data-item-row]";
const ITEMS_QUERY = "/items/query";

/**
 * One kind of change to the items table: where it starts (a URL, fresh each repetition, so the
 * answer is never already cached unless the app prefetched it) and what the user clicks.
 */
export type TableInteraction = {
  name: string;
  start: (rep: number) => string;
  target: (page: Page, rep: number) => Locator;
};

const SORT_HEADERS = ["Call started", "Operation"] as const;
const STATES = ["Completed", "Skipped", "In progress", "Unstarted"] as const;

export const TABLE_INTERACTIONS: readonly TableInteraction[] = [
  {
    name: "sort change (click a header)",
    start: (rep) => `?page=${2 + rep}`,
    target: (page, rep) =>
      page.locator("thead").getByRole("button", { name: SORT_HEADERS[rep % SORT_HEADERS.length], exact: true }),
  },
  {
    name: "filter change (toggle a state)",
    start: (rep) => `?page=${2 + rep}`,
    target: (page, rep) =>
      page
        .getByRole("group", { name: "State" })
        .getByRole("checkbox", { name: STATES[rep % STATES.length], exact: true }),
  },
  {
    name: "page change, 50 rows (next page)",
    start: (rep) => `?page=${2 + rep * 7}`,
    target: (page) => page.getByRole("button", { name: "Next page" }),
  },
  {
    name: "page change, 100 rows (next page)",
    start: (rep) => `?size=100&page=${2 + rep * 6}`,
    target: (page) => page.getByRole("button", { name: "Next page" }),
  },
  {
    name: "page change, 250 rows (next page)",
    start: (rep) => `?size=250&page=${2 + rep * 5}`,
    target: (page) => page.getByRole("button", { name: "Next page" }),
  },
];

export type InteractionSample = {
  clickToPaintMs: number;
  /** From the later of the click and the response's last byte to the painted rows. */
  responseToPaintMs: number;
  /** The rows came from the cache (a prefetch): no response after the click. */
  fromCache: boolean;
  longestFrameMs: number;
  rows: number;
};

export type InteractionOutcome =
  | { state: "measured"; samples: InteractionSample[] }
  | { state: "not built yet" }
  | { state: "error"; error: string };

function toSample(r: RowProbeResult, name: string): InteractionSample {
  if (r.clickAt === null || r.paintedAt === null)
    throw new Error(`${name}: the rows did not change within 15 s of the click`);
  const dataAt = Math.max(r.clickAt, r.responseEnd ?? r.clickAt);
  return {
    clickToPaintMs: r.paintedAt - r.clickAt,
    responseToPaintMs: r.paintedAt - dataAt,
    fromCache: r.responseEnd === null,
    longestFrameMs: r.longestFrameMs,
    rows: r.rows,
  };
}

/**
 * Repeats one interaction: load the start URL, wait for the rows and for the network to go quiet
 * (the next page's prefetch), arm the in-page probe, click, and wait for the response
 * (page.waitForResponse, unless the rows come from the cache) and the painted rows.
 */
export async function measureInteraction(
  page: Page,
  queuePath: string,
  interaction: TableInteraction,
  reps: number,
  quiet: () => Promise<void>,
): Promise<InteractionOutcome> {
  const samples: InteractionSample[] = [];
  for (let rep = 0; rep < reps; rep++) {
    await page.goto(`${queuePath}${interaction.start(rep)}`);
    const state = await settlePage((selector) => page.evaluate(pageState, selector), ROWS);
    if (state === "not built yet") return { state: "not built yet" };
    if (state !== "ready") throw new Error(`${queuePath} did not render its rows (${state})`);
    await quiet();
    await page.evaluate(armRowProbe, ROWS);
    const response = page.waitForResponse((r) => r.url().includes(ITEMS_QUERY), { timeout: 15_000 }).catch(() => null);
    await interaction.target(page, rep).click();
    const probe = await page.evaluate(collectRowProbe, { timeoutMs: 15_000, urlPart: ITEMS_QUERY });
    const sample = toSample(probe, interaction.name);
    if (!sample.fromCache) {
      const answered = await response;
      if (answered && !answered.ok())
        throw new Error(`${interaction.name}: the items query answered ${answered.status()}`);
    }
    samples.push(sample);
  }
  return { state: "measured", samples };
}
