import { DEMO_KEY, expect, setKeyThroughUi, storedKeys, test } from "./fixtures";

test.describe("settings", () => {
  test("a remembered key survives a reload and lives in localStorage only", async ({ page }) => {
    await setKeyThroughUi(page, DEMO_KEY, { remember: true });
    expect(await storedKeys(page)).toEqual({ local: DEMO_KEY, session: null });

    await page.reload();
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue(DEMO_KEY);
    await expect(page.getByRole("radio", { name: "Remember on this device" })).toBeChecked();
    await expect(page.getByText("A key is saved on this device.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Signed in as demo Key kept on this device" })).toBeVisible();
  });

  test("a tab-only key stays out of localStorage and out of other tabs", async ({ page, context }) => {
    await setKeyThroughUi(page, DEMO_KEY, { remember: false });
    expect(await storedKeys(page)).toEqual({ local: null, session: DEMO_KEY });
    const everythingStored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(everythingStored).not.toContain(DEMO_KEY);

    await page.reload();
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue(DEMO_KEY);

    const otherTab = await context.newPage();
    await otherTab.goto("/settings");
    await expect(otherTab.getByText("No key is saved.")).toBeVisible();
    await expect(otherTab.getByLabel("API key", { exact: true })).toHaveValue("");
  });

  test("switching to tab-only removes the remembered copy", async ({ page }) => {
    await setKeyThroughUi(page, DEMO_KEY, { remember: true });
    await page.getByRole("radio", { name: "This tab only" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("A key is saved for this tab only.")).toBeVisible();
    expect(await storedKeys(page)).toEqual({ local: null, session: DEMO_KEY });
  });

  test("Forget key removes the key from both storages after confirmation", async ({ page }) => {
    await setKeyThroughUi(page, DEMO_KEY, { remember: true });
    // A stray second copy, as an older version or another tab might have left.
    await page.evaluate((key) => window.sessionStorage.setItem("wbops.apiKey", key), DEMO_KEY);

    await page.getByRole("button", { name: "Forget key" }).click();
    const dialog = page.getByRole("dialog", { name: "Forget the API key?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Forget key" }).click();

    await expect(page.getByText("Key forgotten: it was removed from this browser.")).toBeVisible();
    expect(await storedKeys(page)).toEqual({ local: null, session: null });
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue("");
    await page.reload();
    await expect(page.getByText("No key is saved.")).toBeVisible();
  });

  test("invalid fields are marked next to the field and what was typed stays", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
    await page.getByLabel("Annotation project").fill("support-bot");
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page.getByText("Not saved: 1 field needs attention.")).toBeVisible();
    const project = page.getByLabel("Annotation project");
    await expect(project).toHaveAttribute("aria-invalid", "true");
    await expect(project).toHaveAccessibleDescription(/Use the form entity\/project/);
    await expect(project).toBeFocused();
    await expect(project).toHaveValue("support-bot");
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue(DEMO_KEY);
    expect(await storedKeys(page)).toEqual({ local: null, session: null });
  });
});
