import type { Locator, Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { moveClockUntilVisible } from "./page-clock";
import { BIG_QUEUE_NAME, itemRows, queryItems, queueIdByName, useDemoProject } from "./queues-support";

// Every read page against the same faults, as a matrix (faults.spec.ts has the journeys: typed
// input kept, no duplicate POSTs, polling through a 500, dropped connections):
// - the key is rejected (401) in the middle of a session: the app is already open and the user
//   moves to the page in-app; the page says the key was rejected, offers Retry, and shows its
//   data once the service accepts the key again;
// - the service hangs past the request timeout: the real timeout path, shortened to 1.5 s through
//   /config.json's `requestTimeoutMs` (a deployment setting), with a request that never answers.

const SEEDED_JOB = "job_5eed00000000a001";
const SEEDED_MODEL = "model_5eed00000000a001";
const TRACE = /\/api\/trace\//;
const TRAINING = /\/api\/training\/v1\//;
const INFERENCE = /\/api\/inference\/v1\//;

type ReadPage = {
  name: string;
  path: (ids: { queueId: string; itemId: string }) => string;
  /** The service requests the page's data goes through. */
  api: RegExp;
  /** Visible once the page shows its data. */
  loaded: (page: Page) => Locator;
};

const READ_PAGES: readonly ReadPage[] = [
  {
    name: "queue list",
    path: () => "/queues",
    api: TRACE,
    loaded: (page) =>
      page.getByRole("table", { name: "Annotation queues" }).getByRole("link", { name: BIG_QUEUE_NAME }),
  },
  {
    name: "queue items table",
    path: ({ queueId }) => `/queues/${queueId}`,
    api: TRACE,
    loaded: (page) => itemRows(page).first(),
  },
  {
    name: "review",
    path: ({ queueId, itemId }) => `/queues/${queueId}/items/${itemId}`,
    api: TRACE,
    loaded: (page) => page.getByRole("heading", { level: 1, name: /^Item 1 of / }),
  },
  {
    name: "model catalog",
    path: () => "/models",
    api: INFERENCE,
    loaded: (page) => page.getByRole("table", { name: "Inference models" }).locator("tbody tr").first(),
  },
  {
    name: "playground",
    path: () => "/playground",
    api: INFERENCE,
    loaded: (page) => page.getByLabel("Model", { exact: true }),
  },
  {
    name: "training job",
    path: () => `/training/jobs/${SEEDED_JOB}`,
    api: TRAINING,
    loaded: (page) => page.getByTestId("job-steps"),
  },
  {
    name: "training model",
    path: () => `/training/models/${SEEDED_MODEL}`,
    api: TRAINING,
    loaded: (page) => page.getByRole("table", { name: /Checkpoints/ }),
  },
];

/** Moves to `path` inside the running app (no page load): the session, its cache and its key stay. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** Answers every request to `api` with `answer` until the returned function is called. */
async function breakService(
  page: Page,
  api: RegExp,
  answer: (route: Route) => Promise<void>,
): Promise<() => Promise<void>> {
  await page.route(api, answer);
  return () => page.unroute(api, answer);
}

async function ids(request: Parameters<typeof queueIdByName>[0]) {
  const queueId = await queueIdByName(request, BIG_QUEUE_NAME);
  const [first] = await queryItems(request, queueId, { limit: 1 });
  return { queueId, itemId: first!.id };
}

test.describe("fault matrix", () => {
  test.describe.configure({ mode: "parallel" });

  for (const target of READ_PAGES) {
    test(`${target.name}: a key rejected mid-session is explained, and Retry recovers`, async ({ page, request }) => {
      const path = target.path(await ids(request));
      await useDemoProject(page);
      // The app is open and the key works (the help page is static, the side bar's health check is not).
      await page.goto("/help/proxy");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      const restore = await breakService(page, target.api, (route) =>
        route.fulfill({
          status: 401,
          contentType: "application/json",
          body: JSON.stringify({ detail: "Invalid API key" }),
        }),
      );
      await navigateInApp(page, path);
      const alert = page.getByRole("alert").filter({ hasText: "rejected the API key (401)" }).first();
      await expect(alert).toBeVisible({ timeout: 15_000 });
      await restore();
      await alert.getByRole("button", { name: "Retry" }).click();
      await expect(target.loaded(page)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "rejected the API key" })).toHaveCount(0);
    });
  }

  test("queue items table: a service that hangs past the request timeout is explained, and Retry recovers", async ({
    page,
    request,
  }) => {
    const { queueId } = await ids(request);
    // The page's clock moves the timeouts and the back-off between attempts on (13 s of them).
    await page.clock.install();
    await page.route("**/config.json", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), requestTimeoutMs: 1500 } });
    });
    await useDemoProject(page);
    const hanging: Route[] = [];
    const restore = await breakService(page, /\/items\/query$/, async (route) => {
      hanging.push(route); // never answered: only the client's timeout ends the wait
    });
    await page.goto(`/queues/${queueId}`);
    const alert = page.getByRole("alert").filter({ hasText: "Could not load the queue's items" });
    // The page's other reads are answered before its clock is moved: only the hanging one times out.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => hanging.length).toBe(1);
    // Four attempts of 1.5 s with 1 + 2 + 4 s between them.
    await moveClockUntilVisible(page, alert, { stepMs: 500 });
    await expect(alert).toContainText("The annotation queue service did not answer within 1.5 seconds.");
    expect(hanging.length).toBe(4);
    await restore();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(itemRows(page)).toHaveCount(50);
    await expect(alert).toHaveCount(0);
  });
});
