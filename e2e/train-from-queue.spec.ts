import { expect, expectNoAxeViolations, test } from "./fixtures";
import { queueIdByName, useDemoProject } from "./queues-support";

// From a seeded queue with answers to a running RL job. The demo's "Hallucination audit" queue
// holds support answers (`inputs.conversation`, `output.answer`) and conversation summaries
// (`inputs.transcript`, `output.summary`): no call is OpenAI chat-shaped, so the page's suggested
// paths are what make them usable. Its question, "Unsupported claims", is a 0–10 count.
const QUEUE = "Hallucination audit";

test.beforeEach(async ({ page }) => {
  await useDemoProject(page, { theme: "light" });
});

test("trains a new model from a queue's answers and opens the running job, which names the queue", async ({
  page,
  request,
}) => {
  const queueId = await queueIdByName(request, QUEUE);
  await page.goto(`/queues/${queueId}`);
  await page.getByRole("link", { name: "Train from this queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Train from this queue: ${QUEUE}` })).toBeVisible();

  // The seeded calls are not chat calls: the paths are suggested from them.
  await expect(page.getByRole("combobox", { name: "Prompt path of support_agent.answer" })).toHaveValue(
    "inputs.conversation",
    { timeout: 20_000 },
  );
  await expect(page.getByRole("combobox", { name: "Answer path of support_agent.answer" })).toHaveValue(
    "output.answer",
  );
  await expect(page.getByRole("combobox", { name: "Question" })).toHaveValue("unsupported_claims");

  // Each answer is its own prompt: groups by input would all be groups of one, so fixed groups of 4,
  // and fewer unsupported claims is better.
  await page.getByRole("radio", { name: /Fixed-size groups/ }).check();
  await page.getByRole("radio", { name: /^Scaled to 0–1, reversed/ }).check();
  const selection = page.getByRole("region", { name: "The selection" });
  const groups = selection.getByText("Groups (gradient steps)").locator("xpath=following-sibling::dd");
  await expect(groups).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole("table", { name: /with the spread of its rewards/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: "A new model" }).check();
  const groupCount = Number(await groups.textContent());
  await page.getByRole("button", { name: "Start RL job" }).click();

  await expect(page).toHaveURL(/\/training\/jobs\/job_/, { timeout: 15_000 });
  await expect(page.getByTestId("job-origin")).toHaveText(
    `Trained from the queue ${QUEUE} with the reward from Unsupported claims (recorded in this browser).`,
  );
  // One gradient step per group: the job's own progress counts them.
  await expect(page.getByTestId("job-steps")).toHaveText(new RegExp(`^\\d+ / ${groupCount}$`), { timeout: 15_000 });
  await expect(page.getByText(/^(Running|Succeeded)$/).first()).toBeVisible({ timeout: 15_000 });
});
