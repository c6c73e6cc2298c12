import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { moveClockUntilVisible } from "./page-clock";
import {
  createModelThroughUi,
  presetKey,
  startRlJobThroughUi,
  TRAJECTORIES,
  uniqueName,
} from "./fixtures/training-flows";
import { BIG_QUEUE_NAME, createScratchQueue, itemRows, queryItems, useDemoProject } from "./queues-support";

// Faults are injected in the browser (page.route / context.setOffline) in front of the real local
// server, so every recovery is the real service answering again.
//
// A request that hangs past the real client timeout is in fault-matrix.spec.ts (shortened through
// /config.json); here route.abort("timedout"), the browser's own ERR_TIMED_OUT, is one more way
// for a request to fail.

type Fault = "500" | "401" | "timedout" | "connectionreset";

async function fail(route: Route, fault: Fault): Promise<void> {
  if (fault === "timedout" || fault === "connectionreset") return route.abort(fault);
  const status = Number(fault);
  await route.fulfill({
    status,
    contentType: "application/json",
    body: JSON.stringify({ detail: status === 401 ? "Invalid API key" : "Injected failure" }),
  });
}

/** Breaks every request matching `pattern` (optionally of one method) until `restore` is called. */
async function inject(
  page: Page,
  pattern: string | RegExp,
  fault: Fault,
  method?: string,
): Promise<{ hits: () => number; restore: () => Promise<void> }> {
  let hits = 0;
  const handler = async (route: Route) => {
    if (method && route.request().method() !== method) return route.fallback();
    hits += 1;
    await fail(route, fault);
  };
  await page.route(pattern, handler);
  return { hits: () => hits, restore: () => page.unroute(pattern, handler) };
}

const ITEMS_QUERY = /\/api\/trace\/annotation_queues\/[^/]+\/items\/query$/;

test.describe("fault injection", () => {
  // Independent pages and data: two workers keep the whole file well under 90 s.
  test.describe.configure({ mode: "parallel" });

  test("queue items table: a 500 is explained with Retry; offline then online recovers by itself", async ({
    page,
    context,
  }) => {
    // The page's clock moves the retries' back-off on (about 7 s of it) instead of waiting it out.
    await page.clock.install();
    await useDemoProject(page);
    await page.goto("/queues");
    const list = page.getByRole("table", { name: "Annotation queues" });
    await expect(list.getByRole("link", { name: BIG_QUEUE_NAME })).toBeVisible();

    // The queue opened from the list while its items query fails: queries retry 500s (about 7 s), then say so.
    const broken = await inject(page, ITEMS_QUERY, "500");
    await list.getByRole("link", { name: BIG_QUEUE_NAME }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Could not load the queue's items" });
    await moveClockUntilVisible(page, alert);
    await expect(alert).toContainText("The annotation queue service failed to handle the request (500)");
    // Queries retry a 500 three times before they say so.
    expect(broken.hits()).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await broken.restore();
    await alert.getByRole("button", { name: "Retry" }).click();
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("1–50 of 10,000");
    await expect(itemRows(page)).toHaveCount(50);

    // Offline: the page change waits for the network (the rows shown stay, nothing blanks) and
    // happens by itself once the browser is back online.
    // The next page is prefetched, so page 2 shows from the cache; page 3 needs the network.
    await context.setOffline(true);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(pagination).toContainText("51–100 of 10,000");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
    await expect(itemRows(page)).toHaveCount(50);
    await expect(page.getByRole("table", { name: BIG_QUEUE_NAME })).toBeVisible();
    await context.setOffline(false);
    await expect(pagination).toContainText("101–150 of 10,000");
    await expect(itemRows(page)).toHaveCount(50);
    await expect(page.getByText(/You are offline/)).toHaveCount(0);
  });

  test("review page: refused state changes roll back with the reason; after recovery one click is one POST", async ({
    page,
    request,
  }) => {
    const queue = await createScratchQueue(request, "faults-review", 2);
    const [first] = await queryItems(request, queue.id, { limit: 1 });
    await useDemoProject(page);
    await page.goto(`/queues/${queue.id}/items/${first!.id}`);
    const details = page.getByRole("complementary", { name: "Details" });
    await expect(details.getByText("Unstarted")).toBeVisible();

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/items/${first!.id}/progress`)) posts.push(r.url());
    });
    const progressUrl = /\/items\/[^/]+\/progress$/;
    const start = page.getByRole("button", { name: "Start", exact: true });

    const cases: [Fault, RegExp][] = [
      ["401", /rejected the API key \(401\)/],
      ["500", /failed to handle the request \(500\)/],
      ["connectionreset", /Could not reach the annotation queue service/],
    ];
    for (const [fault, reason] of cases) {
      const broken = await inject(page, progressUrl, fault);
      await start.click();
      const refusal = page
        .getByRole("alert")
        .filter({ hasText: "was not marked in progress; its state is as before." });
      await expect(refusal).toContainText(reason);
      await expect(details.getByText("Unstarted")).toBeVisible();
      expect(broken.hits(), `${fault}: a failed state change is not repeated behind the user's back`).toBe(1);
      await broken.restore();
      await page.getByRole("button", { name: "Dismiss" }).click();
      await expect(refusal).toHaveCount(0);
    }

    expect(posts).toHaveLength(3);
    await start.click();
    await expect(details.getByText("In progress")).toBeVisible();
    // Let any stray duplicate arrive before counting.
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(4);
    const [after] = await queryItems(request, queue.id, { limit: 1 });
    expect(after!.annotation_state).toBe("in_progress");
  });

  test("model catalog: a timed-out listing says so, Retry shows the models once the service answers", async ({
    page,
  }) => {
    // The page's clock moves the retries' back-off on instead of waiting it out.
    await page.clock.install();
    await presetKey(page);
    const broken = await inject(page, /\/api\/inference\/v1\/models$/, "timedout");
    await page.goto("/models");
    const alert = page.getByRole("alert").first();
    await moveClockUntilVisible(page, alert);
    await expect(alert).toContainText("Could not reach the inference service");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await broken.restore();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("table", { name: "Inference models" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Inference models" }).locator("tbody tr").first()).toBeVisible();
  });

  test("playground: a failed send keeps the typed message and Retry answers once the service is back", async ({
    page,
  }) => {
    await presetKey(page);
    await page.goto(
      `/playground?${new URLSearchParams({ service: "inference", model: "openai/gpt-oss-20b" }).toString()}`,
    );
    await expect(page.getByRole("heading", { name: "Playground", level: 1 })).toBeVisible();
    const chat = /\/api\/inference\/v1\/chat\/completions$/;

    for (const [fault, reason] of [
      ["500", /failed to handle the request \(500\)/],
      ["connectionreset", /Could not reach the inference service/],
    ] as const) {
      const broken = await inject(page, chat, fault);
      await page.getByLabel("Message").fill(`Where is my order? (${fault})`);
      await page.getByRole("button", { name: "Send" }).click();
      const alert = page.getByRole("alert").filter({ hasText: reason });
      await expect(alert).toBeVisible();
      await expect(page.getByText(/Your message is kept/)).toBeVisible();
      await expect(page.getByText(`Where is my order? (${fault})`).first()).toBeVisible();
      expect(broken.hits()).toBe(1);
      await broken.restore();

      let sent = 0;
      const count = (r: { url: () => string; method: () => string }) => {
        if (r.method() === "POST" && chat.test(r.url())) sent += 1;
      };
      page.on("request", count);
      await alert.getByRole("button", { name: "Retry" }).click();
      await expect(page.getByText(/^Tokens: /).last()).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
      page.off("request", count);
      expect(sent).toBe(1);
    }
  });

  test("training job page: polling survives a 500, a 401 is explained with Retry, and the job is followed to the end", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await presetKey(page);
    await createModelThroughUi(page, uniqueName("faults-e2e"));
    await startRlJobThroughUi(page, TRAJECTORIES.long, 120);
    const steps = page.getByTestId("job-steps");
    await expect(page.getByText(/Live: asking for new events/)).toBeVisible();

    const events = /\/training-jobs\/[^/]+\/events(\?.*)?$/;
    const down = await inject(page, events, "500");
    await expect(page.getByText(/Could not reach the service \(server\); trying again in/)).toBeVisible({
      timeout: 10_000,
    });
    const frozen = await steps.textContent();
    await down.restore();
    // Polling resumes by itself.
    await expect(page.getByText(/Live: asking for new events/)).toBeVisible({ timeout: 10_000 });
    await expect(steps).not.toHaveText(frozen ?? "");

    const unauthorized = await inject(page, events, "401");
    const alert = page.getByRole("alert").filter({ hasText: "Could not read the job's events" });
    await expect(alert).toContainText("rejected the API key (401)", { timeout: 10_000 });
    const hits = unauthorized.hits();
    await page.waitForTimeout(1500);
    expect(unauthorized.hits(), "a 401 is not retried on its own").toBe(hits);
    await unauthorized.restore();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(steps).toHaveText("120 / 120", { timeout: 25_000 });
    await expect(page.getByText(/Finished: all 122 events read; no more polling/)).toBeVisible();
  });

  test("settings: a failing Test connection keeps the typed values, and passes once the services answer", async ({
    page,
  }) => {
    await page.goto("/settings");
    await page.getByLabel("API key", { exact: true }).fill("local-demo-key");
    await page.getByLabel("Annotation project").fill("demo/support-bot");
    const broken = await inject(page, /\/api\/(trace|training|inference|wandb)\//, "connectionreset");
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Connection test finished: 0 of 4 services OK.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("list", { name: "Connection test results" })).toContainText("Could not reach");
    await expect(page.getByLabel("API key", { exact: true })).toHaveValue("local-demo-key");
    await expect(page.getByLabel("Annotation project")).toHaveValue("demo/support-bot");
    await broken.restore();
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Connection test finished: 4 of 4 services OK.")).toBeVisible({ timeout: 15_000 });
  });

  test("a page whose code fails to download says so, and Retry loads it once the host answers", async ({ page }) => {
    await presetKey(page);
    // Every download of the jobs page's code fails (the idle and hover preloads' included) until restored.
    const broken = await inject(page, /\/assets\/jobs-page-[^/]+\.js$/, "connectionreset");
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Training" }).click();
    await expect(page.getByRole("heading", { name: "This page failed to load" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    expect(broken.hits()).toBeGreaterThan(0);
    await broken.restore();
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Training jobs" })).toBeVisible();
    await expect(page).toHaveTitle(/^Training jobs · /);
  });

  test("opened by its address, a page whose code fails to download says so too (boot.ts's early download fails quietly)", async ({
    page,
  }) => {
    await presetKey(page);
    const broken = await inject(page, /\/assets\/jobs-page-[^/]+\.js$/, "connectionreset");
    await page.goto("/training");
    await expect(page.getByRole("heading", { name: "This page failed to load" })).toBeVisible();
    expect(broken.hits()).toBeGreaterThan(0);
    await broken.restore();
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Training jobs" })).toBeVisible();
  });
});
