import type { Locator, Page } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, presetTheme, test } from "./fixtures";
import { useDemoProject } from "./queues-support";

const APP_CODE = /\/assets\/app-[^/]+\.js$/;

/** A returning user (the key stored) whose download of the app's code is held: gives what lets it go. */
async function withAppCodeHeld(page: Page): Promise<() => void> {
  await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
  // A promise and the function that settles it (Promise.withResolvers needs Node 22).
  const settle: { resolve?: () => void } = {};
  const held = new Promise<void>((resolve) => (settle.resolve = resolve));
  await page.route(APP_CODE, async (route) => {
    await held;
    await route.continue();
  });
  return () => settle.resolve?.();
}

// The first load's order (the catalog's first row waits on it): src/boot.ts asks for the page's own code and
// its data while the app's code is still on its way, instead of after it has arrived and run.
test("the first page's code and data are asked for before the app's own code has arrived, the data once", async ({
  page,
}) => {
  const releaseApp = await withAppCodeHeld(page);
  const modelRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/inference/v1/models") modelRequests.push(request.method());
  });
  const pageCodeAsked = page.waitForRequest(/\/assets\/catalog-page-[^/]+\.js$/);
  const dataAsked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/inference/v1/models");
  const navigation = page.goto("/models");
  // Held: nothing of the app has run, so only boot.ts can have asked for the catalog's code and data.
  await Promise.all([pageCodeAsked, dataAsked]);
  releaseApp();
  await navigation;
  await expect(page.getByRole("table", { name: "Inference models" }).locator("tbody tr").first()).toBeVisible();
  // The app's client took boot's answer rather than asking again.
  expect(modelRequests).toEqual(["GET"]);
});

// Seen on every full load: the sidebar's links jumped 40 px when the training status's code arrived.
test("nothing moves while the first page and the sidebar's status lines arrive", async ({ page }) => {
  await page.addInitScript((key) => {
    window.localStorage.setItem("wbops.apiKey", key);
    const shifts: string[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
        shifts.push(
          `${entry.value.toFixed(4)} ${(entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : "?")).join(" | ")}`,
        );
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    // Entries reach the callback a while after their frame: the test takes the pending ones too.
    (window as unknown as { __shifts: () => string[] }).__shifts = () => {
      record(observer.takeRecords());
      return shifts;
    };
  }, DEMO_KEY);
  await page.goto("/models");
  await expect(page.getByRole("table", { name: "Inference models" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Training service/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Signed in as/ })).toBeVisible();
  const shifts = await page.evaluate(async () => {
    // Two frames after the last line arrived: any shift it caused has been laid out and recorded.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { __shifts: () => string[] }).__shifts();
  });
  expect(shifts).toEqual([]);
});

// A dropped connection while the app's code loads (or a deployment replaced under an open tab) left
// the page blank: boot.ts now says so, and its Reload starts the dashboard once the code can load.
test("when the app's code cannot load, the page says so (light and dark themes) and Reload recovers", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await presetTheme(page, "system");
  await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
  await page.route(APP_CODE, (route) => route.abort("connectionreset"));
  await page.goto("/models");
  const failure = page.getByRole("alert");
  await expect(failure.getByRole("heading", { name: "The dashboard could not start" })).toBeVisible();
  await expect(failure).toContainText("Check the connection, then reload the page.");
  await expectNoAxeViolations(page);
  // Without the app's code only index.html's inline script applies the theme, at load: the dark pass
  // loads the page again in a dark system and checks what a theme changes, the colours.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(failure.getByRole("heading", { name: "The dashboard could not start" })).toBeVisible();
  await expectNoAxeViolations(page, { colourOnly: true });
  await page.unroute(APP_CODE);
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("table", { name: "Inference models" }).locator("tbody tr").first()).toBeVisible();
});

// A slow connection showed an empty page until the app's code had arrived and run.
test("while the app's code is slow to arrive, the page says it is loading, then the app replaces the words", async ({
  page,
}) => {
  const releaseApp = await withAppCodeHeld(page);
  await page.goto("/models", { waitUntil: "commit" });
  try {
    await expect(page.getByText("Loading the dashboard…")).toBeVisible();
  } finally {
    releaseApp();
  }
  await expect(page.getByRole("table", { name: "Inference models" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.getByText("Loading the dashboard…")).toHaveCount(0);
});

// Laying the loading words out (fonts found for the first time) is a costly part of
// the layout the browser does before boot.ts runs, on every load, quick or not.
test("the loading words take no part in the page's layout until they are due", async ({ page }) => {
  const releaseApp = await withAppCodeHeld(page);
  await page.goto("/models", { waitUntil: "commit" });
  try {
    const words = page.locator("[data-boot-status]");
    // The reveal is a CSS animation: pin it before and after its 0.8 s delay instead of racing the clock.
    const layoutAt = (ms: number) =>
      words.evaluate((element, time) => {
        for (const animation of element.getAnimations()) {
          animation.pause();
          animation.currentTime = time;
        }
        return { display: getComputedStyle(element).display, height: element.getBoundingClientRect().height };
      }, ms);
    expect(await layoutAt(0)).toEqual({ display: "none", height: 0 });
    expect(await layoutAt(799)).toEqual({ display: "none", height: 0 });
    const due = await layoutAt(800);
    expect(due.display).toBe("flex");
    expect(due.height).toBeGreaterThan(0);
  } finally {
    releaseApp();
  }
});

/**
 * The path and code of every script fetched by the time the page at `path` shows a table row
 * (every page's code is preloaded once the browser is idle, soon after).
 */
async function scriptsAtFirstRow(
  page: Page,
  path: string,
  firstRow: Locator,
): Promise<{ path: string; code: string }[]> {
  await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector("table tbody tr")) return;
      observer.disconnect();
      const names = performance.getEntriesByType("resource").map((entry) => entry.name);
      (window as unknown as { scriptsAtFirstRow: string[] }).scriptsAtFirstRow = names.filter((name) =>
        new URL(name).pathname.endsWith(".js"),
      );
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(path);
  await expect(firstRow).toBeVisible();
  const urls = await page.evaluate(() => (window as unknown as { scriptsAtFirstRow: string[] }).scriptsAtFirstRow);
  return Promise.all(
    urls.map(async (url) => ({ path: new URL(url).pathname, code: await (await page.request.get(url)).text() })),
  );
}

/** The scripts that spell out any of `fields`: names only one contract's schemas hold. */
const withFields = (scripts: { path: string; code: string }[], fields: string[]) =>
  scripts.filter(({ code }) => fields.some((field) => code.includes(field))).map(({ path }) => path);

// Building the annotation queue and training services' zod schemas is a noticeable part of
// every first load, whether the page uses them or not. The catalog uses neither.
test("the catalog's first load runs no annotation queue or training contract code", async ({ page }) => {
  const table = page.getByRole("table", { name: "Inference models" });
  const loaded = await scriptsAtFirstRow(page, "/models", table.locator("tbody tr").first());
  expect(loaded.some(({ code }) => code.includes("Inference models"))).toBe(true);
  // Field names only those contracts' schemas spell out: a queue's scorers, an item's place in the
  // queue, an RL job's config. (The items' sort fields are in boot as plain lists on purpose: boot
  // builds the items table's first request.)
  expect(withFields(loaded, ["scorer_refs", "position_in_queue", "experimental_config"])).toEqual([]);
});

// Nor does the Calls page chat: the chat contract's schemas (a completion's `system_fingerprint`,
// a request's `max_completion_tokens`) are built only by the pages that use them.
test("the Calls page's first load runs no chat or training contract code", async ({ page }) => {
  await useDemoProject(page);
  const loaded = await scriptsAtFirstRow(page, "/calls", page.locator("table tbody tr[data-call-id]").first());
  expect(loaded.some(({ code }) => code.includes("data-call-id"))).toBe(true);
  expect(withFields(loaded, ["system_fingerprint", "max_completion_tokens", "experimental_config"])).toEqual([]);
});
