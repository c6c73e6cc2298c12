import { createHash } from "node:crypto";
import type { Page, Request } from "@playwright/test";
import { DEMO_KEY, expect, test } from "./fixtures";
import { createModelThroughUi, startRlJobThroughUi, TRAJECTORIES, uniqueName } from "./fixtures/training-flows";
import { BIG_QUEUE_NAME, PROJECT, queryItems, queueIdByName, useDemoProject } from "./queues-support";
import { expectNoInjectedMarkup, insertHostileCalls, XSS_PAYLOADS } from "./security-support";

const SEEDED_JOB = "job_5eed00000000a001";
const SERVICE_PATH = /^\/api\/(trace|training\/v1|inference\/v1|wandb)\//;
const BASIC_KEY = Buffer.from(`api:${DEMO_KEY}`).toString("base64");

// The tests read the demo data and add only their own uniquely named queues and models: any worker
// may run them.
test.describe.configure({ mode: "parallel" });

/** Every page of the dashboard with the demo data: the big queue, one of its items, the seeded job. */
async function allPages(page: Page): Promise<string[]> {
  const queueId = await queueIdByName(page.request, BIG_QUEUE_NAME);
  const [item] = await queryItems(page.request, queueId, { limit: 1 });
  if (!item) throw new Error(`${BIG_QUEUE_NAME} has no items`);
  return [
    "/",
    "/settings",
    "/status",
    "/queues",
    `/queues/${queueId}`,
    `/queues/${queueId}/items/${item.id}`,
    "/models",
    "/playground",
    "/training",
    "/training/jobs/new",
    `/training/jobs/${SEEDED_JOB}`,
    "/training/models",
    "/help/proxy",
  ];
}

/** Opens a page and waits until it has drawn and its requests have settled. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response, `a response for ${path}`).not.toBeNull();
  expect(
    await response?.headerValue("content-security-policy"),
    `CSP header on ${path} (${response?.status()})`,
  ).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A live page polls; settling is best effort, the assertions below do not depend on it.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
}

test.describe("content security policy", () => {
  test("the built page's one inline script is allowed by its hash, and it has no inline style for the policy to block", async ({
    request,
  }) => {
    const response = await request.get("/");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline, "one inline script: the theme, before the first paint").toHaveLength(1);
    const scriptSrc = (response.headers()["content-security-policy"] ?? "")
      .split(";")
      .find((part) => part.trim().startsWith("script-src"));
    expect(scriptSrc?.trim()).toBe(
      `script-src 'self' 'sha256-${createHash("sha256").update(inline[0]!, "utf8").digest("base64")}'`,
    );
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });
});

/** Text of everything on the page that reports a problem: alerts and the error panels. */
async function errorText(page: Page): Promise<string> {
  const texts = await page.locator('[role="alert"], [data-testid$="error"]').allInnerTexts();
  return texts.join("\n");
}

// One walk through every page checks both the policy and the key: each page is loaded once and read
// for violations, the key in its error text and body, and every request and console line it made.
test("every page loads under the content security policy without a violation; the API key goes only to the service paths, in headers, and shows nowhere", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const origin = new URL(baseURL ?? "").origin;
  const violations: string[] = [];
  const requests: Request[] = [];
  const consoleText: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = Reflect.get(window, "__reportCspViolation") as (text: string) => void;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("request", (request) => requests.push(request));
  page.on("console", (message) => {
    consoleText.push(message.text());
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await useDemoProject(page);

  for (const path of await allPages(page)) {
    await visit(page, path);
    expect(violations, `CSP violations by ${path}`).toEqual([]);
    // The overview and settings show the public demo key on purpose, as a hint; errors must not.
    expect(await errorText(page), `error text on ${path}`).not.toContain(DEMO_KEY);
    expect(await page.locator("body").innerText()).not.toContain(BASIC_KEY);
  }
  // The chart is drawn by uPlot, which styles elements from script: still within the policy.
  await page.goto(`/training/jobs/${SEEDED_JOB}`);
  await expect(page.locator(".uplot").first()).toBeVisible();
  expect(violations).toEqual([]);

  // An error from a service is shown: it must not quote the key back.
  await page.route("**/api/training/v1/preview/training-jobs/**", (route) =>
    route.fulfill({ status: 401, json: { detail: "Invalid API key" } }),
  );
  await page.goto(`/training/jobs/${SEEDED_JOB}`);
  await expect(page.getByRole("alert").filter({ hasText: "rejected the API key" })).toBeVisible();
  const shown = await errorText(page);
  expect(shown).not.toContain(DEMO_KEY);
  expect(shown).not.toContain(BASIC_KEY);

  // The recorder does see a violation when one happens: the policy is enforced, not just sent.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { outline: 1px solid red; }";
    document.head.append(style);
  });
  await expect.poll(() => violations.join("\n")).toContain("style-src");

  const withKey = requests.filter((r) => r.headers()["authorization"]);
  expect(withKey.length, "the journey made authenticated calls").toBeGreaterThan(10);
  for (const request of withKey) {
    const url = new URL(request.url());
    expect(`${url.origin}${url.pathname}`, "an authenticated call went elsewhere").toMatch(
      new RegExp(`^${origin}/api/`),
    );
    expect(url.pathname).toMatch(SERVICE_PATH);
  }
  for (const request of requests) {
    expect(request.url()).not.toContain(DEMO_KEY);
    expect(request.url()).not.toContain(encodeURIComponent(BASIC_KEY));
    expect(request.url()).not.toContain(BASIC_KEY);
  }
  for (const text of consoleText) {
    expect(text).not.toContain(DEMO_KEY);
    expect(text).not.toContain(BASIC_KEY);
  }
});

test.describe("untrusted text is shown as text", () => {
  test("a call's inputs and output, in the items table and on the review page", async ({ page, request }) => {
    const callIds = insertHostileCalls();
    const auth = { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` };
    const created = await request.post("/api/trace/annotation_queues", {
      headers: auth,
      data: {
        project_id: PROJECT,
        name: `${XSS_PAYLOADS[0]} ${uniqueName("xss")}`,
        description: XSS_PAYLOADS.join(" "),
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id: queueId } = (await created.json()) as { id: string };
    const added = await request.post(`/api/trace/annotation_queues/${queueId}/items`, {
      headers: auth,
      data: { project_id: PROJECT, call_ids: callIds, display_fields: ["inputs.question", "output.answer"] },
    });
    expect(added.ok(), await added.text()).toBe(true);
    await useDemoProject(page);

    // (b) The queue's name and description, in the list and on its page.
    await visit(page, "/queues");
    await expect(page.getByText(XSS_PAYLOADS[0]).first()).toBeVisible();
    await expectNoInjectedMarkup(page);

    // (a) The calls' fields in the table.
    await visit(page, `/queues/${queueId}`);
    for (const payload of XSS_PAYLOADS) await expect(page.getByText(payload).first()).toBeVisible();
    await expectNoInjectedMarkup(page);

    // (a) The whole call on the review page.
    const [item] = await queryItems(request, queueId, { limit: 1 });
    if (!item) throw new Error("the queue has no items");
    await visit(page, `/queues/${queueId}/items/${item.id}`);
    await expect(page.locator("main")).toContainText(XSS_PAYLOADS[0]);
    await expectNoInjectedMarkup(page);
  });

  test("a model's base model and the failure message of its job", async ({ page }) => {
    await useDemoProject(page);
    const baseModel = XSS_PAYLOADS[0];
    const modelId = await createModelThroughUi(page, uniqueName("xss-e2e"), baseModel);
    await expect(page.getByText(baseModel).first()).toBeVisible();
    await expectNoInjectedMarkup(page);

    await startRlJobThroughUi(page, TRAJECTORIES.six, 6);
    const message = page.getByTestId("job-failure-message");
    await expect(message).toContainText(`Base model '${baseModel}' is not supported`, { timeout: 10_000 });
    await expectNoInjectedMarkup(page);
    // The event log holds the same message as event data.
    await expect(page.locator("main")).toContainText(baseModel);
    expect(modelId).toMatch(/^model_/);
  });

  test("a chat reply that echoes the prompt", async ({ page }) => {
    await useDemoProject(page);
    await page.goto(
      `/playground?${new URLSearchParams({ service: "inference", model: "openai/gpt-oss-20b" }).toString()}`,
    );
    const prompt = XSS_PAYLOADS.join(" ");
    await page.getByLabel("Message").fill(prompt);
    await page.getByLabel("Message").press("Control+Enter");
    await expect(page.getByTestId("reply-text").last()).toContainText(prompt, { timeout: 15_000 });
    await expectNoInjectedMarkup(page);
  });

  test("an error body from a service", async ({ page }) => {
    await useDemoProject(page);
    const payload = XSS_PAYLOADS.join(" ");
    await page.route("**/api/trace/annotation_queues/query", (route) =>
      route.fulfill({ status: 400, json: { reason: payload } }),
    );
    await page.route("**/api/training/v1/preview/training-jobs/**", (route) =>
      route.fulfill({ status: 400, json: { detail: payload } }),
    );

    await page.goto("/queues");
    await expect(page.getByText(payload).first()).toBeVisible();
    await expectNoInjectedMarkup(page);

    await page.goto(`/training/jobs/${SEEDED_JOB}`);
    await expect(page.getByText(payload).first()).toBeVisible();
    await expectNoInjectedMarkup(page);
  });
});
