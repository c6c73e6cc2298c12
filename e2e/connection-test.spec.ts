import { DEMO_KEY, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

const SERVICES = ["Annotation queues", "Training", "Inference", "W&B API"];

function resultRow(page: Page, service: string) {
  return page.getByRole("list", { name: "Connection test results" }).getByRole("listitem").filter({ hasText: service });
}

test.describe("Test connection", () => {
  test("all four services answer OK with the demo key", async ({ page, baseURL }) => {
    const sent: Array<{ url: string; authorization: string | undefined }> = [];
    page.on("request", (request) =>
      sent.push({ url: request.url(), authorization: request.headers()["authorization"] }),
    );
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
    await page.getByLabel("Annotation project").fill("demo/support-bot");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Connection test finished: 4 of 4 services OK.")).toBeVisible();
    for (const service of SERVICES) await expect(resultRow(page, service)).toContainText("OK");

    // The key travels only in headers, only to the service addresses, never in a URL.
    const withKey = sent.filter((r) => r.authorization);
    expect(withKey.length).toBeGreaterThanOrEqual(4);
    for (const request of withKey)
      expect(request.url).toMatch(new RegExp(`^${baseURL}/api/(trace|training/v1|inference/v1|wandb)/`));
    for (const request of sent) expect(request.url).not.toContain(DEMO_KEY);
  });

  test("a wrong key is reported as rejected by each service", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill("wrong-key");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Connection test finished: 0 of 4 services OK.")).toBeVisible();
    for (const service of SERVICES) await expect(resultRow(page, service)).toContainText("Key rejected");
  });

  test("an address outside the page's Content-Security-Policy is blamed on it, with the setting that fixes it", async ({
    page,
  }) => {
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
    // Port 10 is not in the e2e server's CSP_CONNECT_SRC (playwright.config.ts): the browser blocks the call.
    await page.getByLabel("Inference service URL").fill("http://127.0.0.1:10/v1");
    await expect(page.getByLabel("Inference service URL")).toHaveAccessibleDescription(/CSP_CONNECT_SRC/);
    await page.getByRole("button", { name: "Test connection" }).click();
    const inference = resultRow(page, "Inference");
    await expect(inference).toContainText("Blocked by this page's policy");
    await expect(inference).toContainText("Add http://127.0.0.1:10 to CSP_CONNECT_SRC");
    await expect(inference.getByRole("link", { name: /Same-origin proxy/ })).toHaveCount(0);
    await expect(resultRow(page, "Training")).toContainText("OK");
  });

  test("an address nothing listens on is unreachable, with the CORS hint", async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill(DEMO_KEY);
    await page.getByLabel("Inference service URL").fill("http://127.0.0.1:9/v1");
    await page.getByRole("button", { name: "Test connection" }).click();
    const inference = resultRow(page, "Inference");
    await expect(inference).toContainText("Unreachable");
    await expect(inference).toContainText("CORS");
    await expect(resultRow(page, "Training")).toContainText("OK");
    // The recipe opens in a new tab, so what was typed in the form stays put.
    const recipe = inference.getByRole("link", { name: /Same-origin proxy/ });
    await expect(recipe).toHaveAttribute("target", "_blank");
    await page.goto((await recipe.getAttribute("href")) ?? "");
    await expect(page.getByRole("heading", { level: 1, name: /same-origin proxy/i })).toBeVisible();
  });
});
