import type { Page } from "@playwright/test";
import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { PROJECT, queueIdByName } from "./queues-support";

// A queue id names nothing outside its project. Links the dashboard makes carry the project
// (`annotation_project=`), and a page opened with one that is not the chosen project says so and
// offers both ways on, rather than read the queue in the chosen project and call it deleted.

const auth = { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` };

/** Key and annotation project stored before the first page script runs (once: a reload keeps what the page saved). */
async function chooseProject(page: Page, project: string): Promise<void> {
  await page.addInitScript(
    ({ key, annotationProject }) => {
      if (window.localStorage.getItem("wbops.apiKey")) return;
      window.localStorage.setItem("wbops.apiKey", key);
      window.localStorage.setItem(
        "wbops.settings",
        JSON.stringify({ annotationProject, inferenceProject: "", keyStorage: "local" }),
      );
    },
    { key: DEMO_KEY, annotationProject: project },
  );
}

const chosenProject = async (page: Page) =>
  JSON.parse((await page.evaluate(() => window.localStorage.getItem("wbops.settings"))) ?? "{}")
    .annotationProject as string;

test("a queue link of another project says whose it is, and one click works there; its empty queue leads to that project's calls", async ({
  page,
  request,
}) => {
  const other = `demo/links-${Date.now().toString(36)}`;
  const name = "Claims triage";
  const created = await request.post("/api/trace/annotation_queues", {
    headers: auth,
    data: { project_id: other, name, scorer_refs: [] },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await chooseProject(page, PROJECT);
  await page.goto(`/queues/${id}?annotation_project=${encodeURIComponent(other)}`);
  const notice = page.getByRole("region", { name: `This link is for project ${other}` });
  await expect(notice).toContainText(`You are working in ${PROJECT}`);
  await expect(page.getByText(/deleted/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await notice.getByRole("button", { name: `Switch to ${other}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await chosenProject(page)).toBe(other);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await expect(page.getByText("This queue has no items yet")).toBeVisible();
  await page.getByRole("link", { name: "Choose calls on the Calls page" }).click();
  await expect(page).toHaveURL(`/calls?annotation_project=${encodeURIComponent(other)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Calls" })).toBeVisible();
  await expect(page.getByText(/This link is for project/)).toHaveCount(0);
});

test("a link copied in one project and opened where another is chosen: staying keeps Settings and leads to your queues", async ({
  page,
  browser,
  request,
}) => {
  // The link as the dashboard makes it, read from the demo queue's page.
  const queueId = await queueIdByName(request, "Hallucination audit");
  await chooseProject(page, PROJECT);
  await page.goto(`/queues/${queueId}`);
  const insights = page.getByRole("link", { name: "Insights" });
  await expect(insights).toHaveAttribute(
    "href",
    `/queues/${queueId}/insights?annotation_project=${encodeURIComponent(PROJECT)}`,
  );
  const href = (await insights.getAttribute("href"))!;

  // A colleague's browser, working in another project of theirs.
  const theirs = "demo/claims-bot";
  const colleague = await browser.newPage();
  await chooseProject(colleague, theirs);
  await colleague.goto(href);
  const notice = colleague.getByRole("region", { name: `This link is for project ${PROJECT}` });
  await expect(notice).toContainText(`You are working in ${theirs}`);
  await expect(colleague.getByRole("heading", { level: 1, name: "Queue insights" })).toBeVisible();
  await notice.getByRole("link", { name: `Stay in ${theirs}` }).click();
  await expect(colleague).toHaveURL("/queues");
  await expect(colleague.getByText(`${theirs} has no annotation queues yet`)).toBeVisible();
  expect(await chosenProject(colleague)).toBe(theirs);

  // The same link where its project is chosen opens the insights straight away.
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1, name: "Insights: Hallucination audit" })).toBeVisible();
  await colleague.close();
});
