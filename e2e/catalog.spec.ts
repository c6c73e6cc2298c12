import type { Page } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolationsInBothThemes, followSystemScheme, test } from "./fixtures";

const LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct";

async function openCatalog(page: Page, path = "/models") {
  await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
  await page.goto(path);
  await expect(page.getByRole("table", { name: "Inference models" })).toBeVisible();
}

const rows = (page: Page) => page.getByRole("table", { name: "Inference models" }).locator("tbody tr");
const countText = (page: Page) => page.locator("output#catalog-count");

test.describe("model catalog", () => {
  test("search narrows the list as you type and stays in the URL", async ({ page }) => {
    await openCatalog(page);
    const total = await rows(page).count();
    expect(total).toBeGreaterThan(1);
    await expect(countText(page)).toHaveText(`${total} models`);

    await page.getByLabel("Search model IDs").pressSequentially("llama 70b");
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole("rowheader", { name: new RegExp(LLAMA_70B) })).toBeVisible();
    await expect(countText(page)).toHaveText(`1 of ${total} models`);
    await expect(page).toHaveURL(/[?&]q=llama(\+|%20)70b/);

    // A reload restores the same view.
    await page.reload();
    await expect(page.getByLabel("Search model IDs")).toHaveValue("llama 70b");
    await expect(rows(page)).toHaveCount(1);
  });

  test("the provider filter shows counts and narrows the list", async ({ page }) => {
    await openCatalog(page);
    const provider = page.getByLabel("Provider");
    await expect(provider.locator("option", { hasText: "Qwen (3)" })).toHaveCount(1);
    await provider.selectOption("Qwen");
    await expect(rows(page)).toHaveCount(3);
    for (const id of await page.getByRole("rowheader").allTextContents()) expect(id.startsWith("Qwen/")).toBe(true);
    await expect(page).toHaveURL(/[?&]provider=Qwen/);
  });

  test("sorting by a header sets aria-sort", async ({ page }) => {
    await openCatalog(page);
    const header = page.getByRole("columnheader", { name: /Price per 1M/ });
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("rowheader").first()).toContainText("openai/gpt-oss-20b");
    await expect(page).toHaveURL(/[?&]sort=price/);
  });

  test("copies a model ID", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openCatalog(page);
    await page.getByRole("button", { name: `Copy model ID ${LLAMA_70B}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LLAMA_70B);
  });

  test("opens a model's snippets, filled with this server's absolute address and no key", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openCatalog(page);
    await page.getByRole("button", { name: `Details for ${LLAMA_70B}` }).click();
    const dialog = page.getByRole("dialog", { name: LLAMA_70B });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close details" })).toBeFocused();
    await expect(dialog.getByRole("tabpanel")).toContainText(`'${baseURL}/api/inference/v1/chat/completions'`);
    await expect(dialog.getByRole("tabpanel")).toContainText("$WANDB_API_KEY");

    await dialog.getByRole("tab", { name: "Python" }).click();
    await expect(dialog.getByRole("tabpanel")).toContainText(`base_url="${baseURL}/api/inference/v1"`);
    await dialog.getByRole("button", { name: "Copy Python snippet" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`model="${LLAMA_70B}"`);
    expect(copied).not.toContain(DEMO_KEY);
    expect(await page.content()).not.toContain(DEMO_KEY);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: `Details for ${LLAMA_70B}` })).toBeFocused();
  });

  test("Try opens the playground with the model preselected", async ({ page }) => {
    await openCatalog(page);
    await page.getByRole("link", { name: `Try ${LLAMA_70B} in the playground` }).click();
    await expect(page).toHaveURL(/\/playground\?service=inference&model=meta-llama%2FLlama-3\.3-70B-Instruct$/);
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue(LLAMA_70B);
  });

  test("a rejected key is explained, with a way to Settings", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("wbops.apiKey", "not-a-valid-key"));
    await page.goto("/models");
    await expect(page.getByRole("alert")).toContainText("The API key was rejected");
    await page.getByRole("link", { name: "Check the key and address in Settings" }).click();
    await expect(page).toHaveURL(/\/settings\?returnTo=%2Fmodels$/);
  });
});

// Both themes in place, on one load: the theme follows the system scheme.
test("catalog and its detail panel have no axe violations (light and dark)", async ({ page }) => {
  await followSystemScheme(page);
  await openCatalog(page, "/models?q=qwen");
  await expectNoAxeViolationsInBothThemes(page);
  await page
    .getByRole("button", { name: /^Details for / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});
