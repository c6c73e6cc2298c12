import type { Page } from "@playwright/test";
import { TRAINING_SEED } from "../server/seed/training-seed";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { BIG_QUEUE_NAME, queryItems, queueIdByName, useDemoProject } from "./queues-support";

/** How far the document scrolls sideways (0 when the page fits its window). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const PAGES = [
  "/",
  "/queues",
  "/models",
  "/playground",
  "/training/jobs",
  "/training/models",
  "/training/jobs/new",
  `/training/jobs/${TRAINING_SEED.jobs.supportRl}`,
  `/training/models/${TRAINING_SEED.models.supportRl}`,
  "/settings",
  "/status",
];

// Axe runs on every page at the phone's width, in both themes: there the layout differs from the
// desktop the other suites check (they run axe at 1280 px in both themes). The wider widths check
// the layout only, which the theme does not change, so one theme is enough for them.
const WIDTHS = [
  { width: 390, axe: true, theme: "light" },
  { width: 390, axe: true, theme: "dark" },
  { width: 768, axe: false, theme: "dark" },
  { width: 1366, axe: false, theme: "light" },
  { width: 2560, axe: false, theme: "dark" },
] as const;

/** Screenshots of every page at every width, for a person to look at: taken when E2E_SCREENSHOTS is set. */
const screenshot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(name) });
};

for (const { width, theme, axe } of WIDTHS) {
  test(`at ${width} px (${theme}) no page scrolls sideways, and the review's Complete & next is in the first screen`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    await useDemoProject(page, { theme });
    const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
    const [item] = await queryItems(request, queueId, { limit: 1 });
    for (const path of [...PAGES, `/queues/${queueId}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect.poll(() => sidewaysScroll(page), { message: `${path} scrolls sideways` }).toBe(0);
      if (axe) await expectNoAxeViolations(page);
      await screenshot(page, `${path.replaceAll("/", "_") || "_"}-${width}-${theme}.png`);
    }
    await page.goto(`/queues/${queueId}/items/${item!.id}`);
    const completeAndNext = page.getByRole("button", { name: /Complete & next/ });
    await expect(completeAndNext).toBeInViewport();
    expect(await sidewaysScroll(page)).toBe(0);
    if (axe) await expectNoAxeViolations(page);
    await screenshot(page, `review-${width}-${theme}.png`);
  });
}

test("on a phone the navigation is behind a Menu button that opens, navigates, closes and gives focus back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useDemoProject(page);
  await page.goto("/");
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

  await menu.click();
  await nav.getByRole("link", { name: "Models" }).click();
  await expect(page).toHaveURL(/\/models$/);
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});

test("on a phone the items' filters fold behind a Filters button that counts them, and / unfolds them", async ({ page, request }) => {
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
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveText([/Position/, /Operation/, /State/, /Annotator/]);
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
