import type { APIRequestContext, Page } from "@playwright/test";
import { TRAINING_SEED } from "../server/seed/training-seed";
import { expect, expectNoAxeViolations, expectNoAxeViolationsInBothThemes, test } from "./fixtures";
import { BIG_QUEUE_NAME, queryItems, queueIdByName, useDemoProject } from "./queues-support";

// Every test only reads the demo data: they may run on any worker, so the two long width sweeps run
// side by side instead of one after the other in one worker.
test.describe.configure({ mode: "parallel" });

/** How far the document scrolls sideways (0 when the page fits its window). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Links, buttons and fields that stick out of the window sideways with no scroll box of their own
 * to bring them in (a wide table may scroll inside its frame): nobody could reach them.
 */
const unreachableControls = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])")]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        // Clipped away is visually hidden on purpose (the skip link, until it has focus), not off the edge.
        const clippedAway = style.clip !== "auto" || style.clipPath !== "none";
        if (box.width === 0 || box.height === 0 || clippedAway || (box.left >= -0.5 && box.right <= width + 0.5))
          return false;
        for (let frame = control.parentElement; frame && frame !== document.body; frame = frame.parentElement) {
          if (/auto|scroll/.test(getComputedStyle(frame).overflowX)) return false;
        }
        return true;
      })
      .map(
        (control) => control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40) ?? control.tagName,
      );
  });

type CheckedPage = {
  path: string;
  /** Run axe at the phone's width (the pages other suites check at 1280 px only). */
  axe: boolean;
  /** The page's main action, which must scroll into view (its content has loaded when it shows). */
  action?: string;
};

const TRAIN_QUEUE_NAME = "Hallucination audit";

async function checkedPages(request: APIRequestContext): Promise<CheckedPage[]> {
  const { jobs, models } = TRAINING_SEED;
  const [bigQueueId, trainQueueId] = await Promise.all([
    queueIdByName(request, BIG_QUEUE_NAME),
    queueIdByName(request, TRAIN_QUEUE_NAME),
  ]);
  const everywhere = [
    "/",
    "/queues",
    "/models",
    "/playground",
    "/training/jobs",
    "/training/models",
    "/training/jobs/new",
    `/training/jobs/${jobs.supportRl}`,
    `/training/models/${models.supportRl}`,
    "/settings",
    "/status",
    `/queues/${bigQueueId}`,
  ];
  return [
    ...everywhere.map((path) => ({ path, axe: true })),
    // Layout only: training-compare and train-from-queue run axe on these two.
    { path: `/training/compare?jobs=${jobs.supportRl},${jobs.supportSft}`, axe: false, action: "Download CSV" },
    { path: `/queues/${trainQueueId}/train`, axe: false, action: "Start RL job" },
  ];
}

/** Screenshots of every page at every width, for a person to look at: taken when E2E_SCREENSHOTS is set. */
const screenshot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(name) });
};
const screenshotName = (path: string, width: number, theme: string) =>
  `${path.replace(/[/?=,]/g, "_") || "_"}-${width}-${theme}.png`;

/** Fits the window: the main action brought into view, no sideways scroll, every control reachable. */
async function expectFits(page: Page, { path, action }: CheckedPage): Promise<void> {
  // The action first: it shows once the page's data has loaded, and so does what might not fit.
  if (action) {
    const button = page.getByRole("button", { name: action });
    await button.scrollIntoViewIfNeeded();
    await expect(button, `${action} on ${path}`).toBeInViewport();
  }
  await expect.poll(() => sidewaysScroll(page), { message: `${path} scrolls sideways` }).toBe(0);
  expect(await unreachableControls(page), `controls off the side of ${path}`).toEqual([]);
}

/** The overview and the queue pages (the review is checked after them), as against every other page. */
const isQueuePage = (path: string) => path === "/" || path.startsWith("/queues");

// At the phone's width the layout differs from the desktop the other suites check (they run axe at
// 1280 px in both themes), so axe runs there in both themes. The theme follows the system scheme
// and switches in place: a second theme costs an axe pass, not another load of every page. The
// pages are checked in two tests, so two workers can share the longest sweep of the suite.
for (const [area, inArea, withReview] of [
  ["the overview and queue pages", isQueuePage, true],
  ["the models, playground, training, settings and status pages", (path: string) => !isQueuePage(path), false],
] as const) {
  test(`at 390 px ${area} fit, their controls can be reached, and axe passes in both themes${withReview ? "; the review's Complete & next is in the first screen" : ""}`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "light" });
    await useDemoProject(page, { theme: "system" });
    const pages = (await checkedPages(request)).filter((checked) => inArea(checked.path));
    for (const checked of pages) {
      await page.goto(checked.path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectFits(page, checked);
      if (checked.axe) await expectNoAxeViolationsInBothThemes(page);
      await screenshot(page, screenshotName(checked.path, 390, "light"));
    }
    if (!withReview) return;
    await expectReviewFits(page, request, [390]);
    await expectNoAxeViolationsInBothThemes(page);
  });
}

// From the tablet up the pages make their layout choices in CSS alone (the JavaScript ones, such as
// the items table's phone columns, happen below 768 px), so each page loads once and the window
// widens around it. The theme does not change the layout.
test("from 768 to 2560 px no page scrolls sideways, every control can be reached, and the review's Complete & next is in the first screen", async ({
  page,
  request,
}) => {
  test.slow();
  const widths = [768, 1366, 2560] as const;
  await useDemoProject(page, { theme: "dark" });
  const pages = await checkedPages(request);
  for (const checked of pages) {
    await page.setViewportSize({ width: widths[0], height: 844 });
    await page.goto(checked.path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await expectFits(page, checked);
      await screenshot(page, screenshotName(checked.path, width, "dark"));
    }
  }
  await expectReviewFits(page, request, widths);
});

/** A review page, loaded at the first of `widths` and widened through the rest: Complete & next in the first screen, nothing sideways. */
async function expectReviewFits(page: Page, request: APIRequestContext, widths: readonly number[]): Promise<void> {
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  const [item] = await queryItems(request, queueId, { limit: 1 });
  await page.setViewportSize({ width: widths[0]!, height: 844 });
  await page.goto(`/queues/${queueId}/items/${item!.id}`);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    await expect(
      page.getByRole("button", { name: /Complete & next/ }),
      `Complete & next at ${width} px`,
    ).toBeInViewport();
    expect(await sidewaysScroll(page), `the review scrolls sideways at ${width} px`).toBe(0);
    await screenshot(page, `review-${width}.png`);
  }
}

// On the review, where Escape also means "back to the table": the Escape that closes the menu is the menu's alone.
test("on a phone the navigation is behind a Menu button that opens, navigates, closes and gives focus back", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useDemoProject(page);
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  const [item] = await queryItems(request, queueId, { limit: 1 });
  await page.goto(`/queues/${queueId}/items/${item!.id}`);
  await expect(page.getByRole("button", { name: /Complete & next/ })).toBeVisible();
  const review = page.url();
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  expect(page.url()).toBe(review);

  await menu.click();
  await nav.getByRole("link", { name: "Models" }).click();
  await expect(page).toHaveURL(/\/models$/);
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});

test("on a phone the items' filters fold behind a Filters button that counts them, and / unfolds them", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useDemoProject(page);
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  await page.goto(`/queues/${queueId}?state=completed,skipped&op=x`);
  const filters = page.getByRole("button", { name: "Filters (3 set)" });
  const operation = page.getByRole("search", { name: "Filter items" }).getByLabel("Operation");
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(operation).toBeHidden();
  await filters.click();
  await expect(operation).toBeVisible();
  await filters.click();
  await expect(operation).toBeHidden();
  await page.locator("body").press("/");
  await expect(operation).toBeFocused();
  // The table starts with its phone set of columns: place, operation, state, annotator.
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveText([
    /Position/,
    /Operation/,
    /State/,
    /Annotator/,
  ]);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("tapping a shortened value shows it whole, as hover and keyboard focus do", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useDemoProject(page);
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    const [first] = await queryItems(request, queueId, { limit: 1 });
    await page.goto(`/queues/${queueId}`);
    const operation = page.getByRole("table").locator("tbody tr").first().locator("[data-tip]").first();
    const full = await operation.getAttribute("data-tip");
    expect(full).toBe(first!.call_op_name);
    await operation.tap();
    await expect(page.locator('div[aria-hidden="true"]', { hasText: full! })).toBeVisible();
  });
});

test("from 768 px up the sidebar shows and there is no Menu button", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await useDemoProject(page);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
});
