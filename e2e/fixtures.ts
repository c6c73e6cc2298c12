import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inReusedContext } from "./reused-context";

export { expect };

export const DEMO_KEY = "local-demo-key";
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// The same axe-core build, minified: AxeBuilder's default is the unminified source (1.3 MB). Resolved from
// @axe-core/playwright's own place, so it is the axe-core that package depends on, whatever npm hoists.
const requireFromHere = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  createRequire(requireFromHere.resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : "";
  return `[${violation.impact ?? "unknown"}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
}

/**
 * The rules whose outcome depends on the page's colours (axe's `cat.color` category among the WCAG rules:
 * text contrast, and links told apart from text by colour alone). A theme changes colours and nothing
 * else (`src/components/theme/theme-changes-colours-only.test.ts` holds it), so the second theme of a
 * page needs these rules only: the others would find what the first theme's scan already found.
 * Read from the axe-core that scans, so a rule it adds to the category is included.
 */
const COLOUR_RULES: readonly string[] = (
  createRequire(requireFromHere.resolve("@axe-core/playwright"))("axe-core") as typeof import("axe-core")
)
  .getRules(WCAG_TAGS)
  .filter((rule) => rule.tags.includes("cat.color"))
  .map((rule) => rule.ruleId);

/**
 * Runs axe with the WCAG 2.1 A/AA rules (or only those about colour: `{ colourOnly: true }`) and fails with a
 * readable list of any violation.
 *
 * Same rules, cheaper run (less browser CPU per pass, and far less of the test runner's on the
 * 50-row items table): axe builds a unique selector for every
 * node of every result type unless told to keep only the violations, and the default mode runs
 * axe in every frame and then again in a new blank page to merge the results. The app has no
 * frames, so one run in the page checks the same DOM; a page that does have frames gets the
 * default mode, which also reaches cross-origin frames.
 */
export async function expectNoAxeViolations(page: Page, { colourOnly = false } = {}): Promise<void> {
  const legacy = page.frames().length === 1;
  // A fresh axe for every scan, as before, but sent and compiled once: in legacy mode AxeBuilder
  // evaluates its source twice per scan, so it is given a no-op source and axe is put in the page here.
  if (legacy) await page.evaluate(AXE_SOURCE);
  const axeSource = legacy ? "void 0" : AXE_SOURCE;
  // options() replaces all options, so it comes before withTags() (the other way round ran every rule).
  const builder = new AxeBuilder({ page, axeSource }).options({ resultTypes: ["violations"] });
  if (colourOnly) builder.withRules([...COLOUR_RULES]);
  else builder.withTags(WCAG_TAGS);
  if (legacy) builder.setLegacyMode();
  const { violations } = await builder.analyze();
  expect(
    violations.map(describeViolation).join("\n\n"),
    `axe found ${violations.length} violation(s) on ${page.url()}`,
  ).toBe("");
}

/**
 * Follows the operating system's colour scheme (the app's "System" theme) to the given one and
 * waits for colour transitions to end, so axe reads the final colours.
 */
export async function switchScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await colourTransitionsDone(page);
}

/** Waits for the page's running transitions and animations to end, so axe reads the colours a theme settles on. */
export async function colourTransitionsDone(page: Page): Promise<void> {
  // A cancelled animation (its element replaced as data arrives) rejects `finished`: it is over too.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * Axe in the light theme, then in the dark one on the same page in the same state, back to light:
 * a second theme costs an axe pass of the colour rules (`COLOUR_RULES`), not another load and another
 * walk to the same state. The page must follow the system scheme (`followSystemScheme(page)`) and
 * start in light.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await switchScheme(page, "dark");
  await expectNoAxeViolations(page, { colourOnly: true });
  await switchScheme(page, "light");
}

/**
 * The page follows the system's colour scheme (the "System" theme, stored before any page script runs),
 * which starts light: `expectNoAxeViolationsInBothThemes` can then switch it in place.
 */
export async function followSystemScheme(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await presetTheme(page, "system");
}

/** Stores the theme before any page script runs, as a returning visitor's choice would be. */
export async function presetTheme(page: Page, theme: "light" | "dark" | "system"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("wbops.theme", value), theme);
}

/** Enters a key on the settings page the way a user does and waits for the confirmation. */
export async function setKeyThroughUi(
  page: Page,
  key: string = DEMO_KEY,
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.goto("/settings");
  await page.getByLabel("API key", { exact: true }).fill(key);
  await page
    .getByRole("radio", { name: options.remember === false ? "This tab only" : "Remember on this device" })
    .check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

/** Both storage copies of the key, as the page sees them. */
export async function storedKeys(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate(() => ({
    local: window.localStorage.getItem("wbops.apiKey"),
    session: window.sessionStorage.getItem("wbops.apiKey"),
  }));
}

export const test = base.extend<{ reusedContext: void; pageErrors: Error[] }>({
  /** Puts back what a test changed in the context the next test reuses (see reused-context.ts). */
  reusedContext: [async ({ context, page }, use) => inReusedContext(context, page, use), { auto: true }],
  /** Fails a test when the page throws an uncaught error, even if every assertion passed. */
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      const onError = (error: Error) => errors.push(error);
      page.on("pageerror", onError);
      await use(errors);
      page.off("pageerror", onError);
      expect(
        errors.map((e) => e.message),
        "uncaught errors in the page",
      ).toEqual([]);
    },
    { auto: true },
  ],
});
