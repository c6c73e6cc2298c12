import type { Page } from "@playwright/test";
import {
  DEMO_KEY,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  followSystemScheme,
  test,
} from "./fixtures";

const GPT_OSS = "openai/gpt-oss-20b";
const CHECKPOINT = "wandb-artifact:///demo/support-bot/support-rl:step24";

async function openPlayground(page: Page, service: string, model: string) {
  await page.addInitScript((key) => window.localStorage.setItem("wbops.apiKey", key), DEMO_KEY);
  await page.goto(`/playground?${new URLSearchParams({ service, model }).toString()}`);
  await expect(page.getByRole("heading", { name: "Playground", level: 1 })).toBeVisible();
}

const lastReply = (page: Page) => page.getByTestId("reply-text").last();

test.describe("playground", () => {
  test("streams a reply from the local inference service, token by token, with usage", async ({ page }) => {
    await openPlayground(page, "inference", GPT_OSS);
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue(GPT_OSS);
    await expect(page.getByRole("note").filter({ hasText: "Simulated replies." })).toBeVisible();

    await page.getByLabel("Message").fill("What can you do?");
    // Partial text shows while the rest is still coming. Watched by a MutationObserver, which sees
    // every change to the page: polling on animation frames missed the partial state on a loaded
    // machine (frames are throttled there, and the whole reply takes under a second).
    await page.evaluate(() => {
      const w = window as unknown as { sawPartialReply: boolean };
      w.sawPartialReply = false;
      new MutationObserver(() => {
        const replies = document.querySelectorAll('[data-testid="reply-text"]');
        const text = replies[replies.length - 1]?.textContent ?? "";
        if (text.startsWith("[Local") && !text.includes('"What can you do?"')) w.sawPartialReply = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByLabel("Message").press("Control+Enter");
    await expect(lastReply(page)).toContainText("[Local simulation of");
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
    await expect(lastReply(page)).toContainText('"What can you do?"');
    await expect(page.getByText(/^Tokens: \d+ prompt \+ \d+ completion = \d+$/)).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { sawPartialReply: boolean }).sawPartialReply),
      "a partial reply showed while streaming",
    ).toBe(true);
  });

  test("Stop ends a streaming reply and keeps what arrived", async ({ page }) => {
    await openPlayground(page, "inference", GPT_OSS);
    const prompt =
      "Please write a long answer about streaming, with every detail you know about tokens, chunks, events and how a client can stop a reply early.";
    await page.getByLabel("Message").fill(prompt);
    await page.getByLabel("Message").press("Control+Enter");
    // At once, without click()'s actionability waits: the whole simulated reply takes under two
    // seconds, which a loaded machine can spend on those checks alone. The component test covers
    // a Stop after the first tokens, deterministically, with a slower in-process service.
    await page.getByRole("button", { name: "Stop" }).dispatchEvent("click");
    await expect(page.getByText("Stopped", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
    const partial = await lastReply(page).textContent();
    expect(partial).not.toContain(prompt.slice(-30));
    // No more tokens arrive after Stop.
    await page.waitForTimeout(300);
    expect(await lastReply(page).textContent()).toBe(partial);
  });

  test("picks a trained checkpoint by model and step, chats with it, and regenerates the reply", async ({ page }) => {
    await openPlayground(page, "training", "");
    // The seeded models join this browser's list on the local services; then model, then step.
    await page.getByLabel("Trained model").selectOption({ label: "support-rl (demo/support-bot)" });
    const step = page.getByLabel("Step");
    await expect(step.getByRole("option", { name: /^Step 24 · latest/ })).toBeAttached();
    await step.selectOption({
      label: (await step.getByRole("option", { name: /^Step 24 · latest/ }).textContent()) ?? "",
    });
    await expect(page.getByLabel("Checkpoint address")).toHaveValue(CHECKPOINT);
    await page.getByLabel("Message").fill("Where is my order?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(lastReply(page)).toContainText(`[Local simulation of ${CHECKPOINT}]`);
    await expect(lastReply(page)).toContainText('"Where is my order?"');
    const chats = page.waitForRequest((r) => r.url().endsWith("/chat/completions"));
    await page.getByRole("button", { name: "Regenerate" }).click();
    expect((await chats).postDataJSON().messages).toEqual([{ role: "user", content: "Where is my order?" }]);
    await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible();
    await expect(page.getByTestId("reply-text")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test("an unknown checkpoint fails inline and keeps the message", async ({ page }) => {
    await openPlayground(page, "training", "wandb-artifact:///demo/support-bot/no-such-model");
    await page.getByLabel("Message").fill("hello?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert")).toContainText("Model or checkpoint not found");
    await page.getByRole("button", { name: "edit the message" }).click();
    await expect(page.getByLabel("Message")).toHaveValue("hello?");
  });
});

// Both themes in place, on one load: the theme follows the system scheme.
test("playground with a conversation has no axe violations (light and dark)", async ({ page }) => {
  await followSystemScheme(page);
  await openPlayground(page, "inference", GPT_OSS);
  await expectNoAxeViolationsInBothThemes(page);
  await page.getByLabel("Message").fill("Hello");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(/^Tokens: /)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});
