import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { BIG_QUEUE_NAME, itemRows, queryItems, queueIdByName, useDemoProject } from "./queues-support";

/**
 * A page's first data request starts with its code, not after it: boot.ts sends it as soon as the
 * deployment config is in (app/first-page-request.ts), and the page's query adopts its answer.
 * Each check holds the page's own code back until the data request has been asked for, so the
 * order is decided by the app, never by which download happens to be quicker: a request that waited
 * for the page's code is never asked for while the code is held, and the test then fails.
 */
type PreloadedPage = {
  /** What the test is called. */
  name: string;
  /** The page's address (some need an id from the services). */
  path: (request: APIRequestContext) => Promise<string>;
  /** The page's own code file (build/chunking.ts keeps one per page). */
  chunk: RegExp;
  /** The page's first data request: its service path (the page's own id filled in). */
  dataPath: string | ((path: string) => string);
  /** Requests the page makes next from the first one's answer (before its first render): each sent once too. */
  followUps: string[];
  /** Of those, the ones boot.ts sends beside the first (not from its answer): asked for while the page's code is held. */
  sentWithData?: string[];
  /** The first thing on the page the user came for, once the data is in. */
  firstContent: (page: Page) => Locator;
};

const PAGES: PreloadedPage[] = [
  {
    name: "/queues",
    path: async () => "/queues",
    chunk: /\/assets\/queue-list-page-[^/]+\.js$/,
    dataPath: "/api/trace/annotation_queues/query",
    followUps: ["/api/trace/annotation_queues/stats"],
    firstContent: (page) => page.getByRole("table", { name: "Annotation queues" }).locator("tbody tr").first(),
  },
  {
    // With filters and a page in the address: the request is the page's view, not a default one.
    name: "/calls",
    path: async () => "/calls?q=refund&sort=started_at.asc&size=25",
    chunk: /\/assets\/calls-page-[^/]+\.js$/,
    dataPath: "/api/trace/calls/stream_query",
    // The same path again: the page's inputs and outputs, another body (checked sent once too).
    followUps: ["/api/trace/calls/query_stats", "/api/trace/objs/query"],
    // The op column's catalog: in before the first render, or every row renders twice before it is painted.
    sentWithData: ["/api/trace/objs/query"],
    firstContent: (page) => page.locator("table tbody tr[data-call-id]").first(),
  },
  {
    // The 10,000-item queue, with a filter, a sort and a page in the address.
    name: "/queues/:queueId",
    path: async (request) =>
      `/queues/${await queueIdByName(request, BIG_QUEUE_NAME)}?state=unstarted&sort=call_op_name.desc&page=2&size=25`,
    chunk: /\/assets\/queue-items-page-[^/]+\.js$/,
    dataPath: (path) => `/api/trace/annotation_queues/${new URL(path, "http://x").pathname.split("/")[2]}`,
    followUps: ["/api/trace/annotation_queues/stats"],
    firstContent: (page) => itemRows(page).first(),
  },
  {
    // An item of the 10,000-item queue: its queue and item first, then its call, read from the item's answer.
    name: "/queues/:queueId/items/:itemId",
    path: async (request) => {
      const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
      const [item] = await queryItems(request, queueId, { offset: 99, limit: 1 });
      return `/queues/${queueId}/items/${item?.id ?? "missing"}`;
    },
    chunk: /\/assets\/queue-review-page-[^/]+\.js$/,
    dataPath: (path) => `/api/trace/annotation_queues/${path.split("/")[2]}`,
    followUps: ["/api/trace/call/read"],
    firstContent: (page) => page.locator('section[aria-label^="output"]').first(),
  },
];

/** How long the page's code is held at most when no data request comes (the failing case). */
const HOLD_LIMIT_MS = 5000;

/** Holds the download of `chunk` until `release` settles or HOLD_LIMIT_MS pass. */
async function holdCode(page: Page, chunk: RegExp, release: Promise<unknown>): Promise<void> {
  await page.route(chunk, async (route) => {
    await Promise.race([release, new Promise((resolve) => setTimeout(resolve, HOLD_LIMIT_MS))]);
    await route.continue();
  });
}

const isDataRequest = (dataPath: string) => (request: Request) => new URL(request.url()).pathname === dataPath;

for (const target of PAGES) {
  test(`${target.name}: the first data request starts before the page's code has loaded, and is sent once`, async ({
    page,
    request,
  }) => {
    await useDemoProject(page);
    const address = await target.path(request);
    const dataPath = typeof target.dataPath === "string" ? target.dataPath : target.dataPath(address);
    const sent: string[] = [];
    const paths = [dataPath, ...target.followUps];
    page.on("request", (sentRequest) => {
      const path = new URL(sentRequest.url()).pathname;
      if (paths.some((wanted) => path.startsWith(wanted))) sent.push(`${path} ${sentRequest.postData() ?? ""}`);
    });
    const dataAsked = page.waitForRequest(isDataRequest(dataPath), { timeout: HOLD_LIMIT_MS + 10_000 });
    await holdCode(
      page,
      target.chunk,
      dataAsked.catch(() => undefined),
    );
    const followUpsAnswered = Promise.all(
      target.followUps.map((path) => page.waitForResponse((response) => new URL(response.url()).pathname === path)),
    );
    await page.goto(address);
    await expect(target.firstContent(page)).toBeVisible();
    await followUpsAnswered;

    const timing = await page.evaluate(
      ({ chunk, data: wanted, beside }) => {
        const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const code = entries.find((entry) => new RegExp(chunk).test(new URL(entry.name).pathname));
        const started = (path: string) => entries.find((entry) => new URL(entry.name).pathname === path)?.startTime;
        return { codeLoaded: code?.responseEnd, dataStarted: started(wanted), besideStarted: beside.map(started) };
      },
      { chunk: target.chunk.source, data: dataPath, beside: target.sentWithData ?? [] },
    );
    expect(timing.codeLoaded).toBeDefined();
    expect(timing.dataStarted).toBeDefined();
    expect(timing.dataStarted ?? Infinity).toBeLessThan(timing.codeLoaded ?? 0);
    for (const started of timing.besideStarted) expect(started ?? Infinity).toBeLessThan(timing.codeLoaded ?? 0);
    // The page's queries took the answers asked for before it rendered: none went out twice (the
    // Calls page and the items table then ask for their next page: another body, another request).
    for (const path of paths) expect(sent.some((line) => line.startsWith(`${path} `))).toBe(true);
    expect(sent.filter((line, index) => sent.indexOf(line) !== index)).toEqual([]);
  });
}
