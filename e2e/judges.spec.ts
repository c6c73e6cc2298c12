import { expect, expectNoAxeViolations, test } from "./fixtures";
import { BIG_QUEUE_NAME, createScratchQueue, queueByName, useDemoProject, waitForJudgeModels } from "./queues-support";

// A judge made by keyboard on a scratch queue over the demo's calls, run on a sample: the run's
// progress and its end in words, with axe on the judges' list and on the judge's page. The local
// inference service simulates the model, so the run ends whatever the replies are (verdicts, or
// failures recorded as malformed while the service answers prose).
test("make a judge by keyboard, run it on a sample, see its progress and end", async ({ page, request }) => {
  test.setTimeout(120_000);
  const scorerRefs = (await queueByName(request, BIG_QUEUE_NAME)).scorer_refs ?? [];
  const queue = await createScratchQueue(request, "judges", 12, { scorerRefs, offset: 2_500 });
  await useDemoProject(page);
  await page.goto(`/queues/${queue.id}`);
  await page.getByRole("link", { name: "Judges", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Judges: ${queue.name}` })).toBeVisible();
  await expect(page.getByText("No judge for this queue yet")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "New judge" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "New judge" })).toBeVisible();
  const name = page.getByRole("textbox", { name: "Name" });
  await name.focus();
  await page.keyboard.type("Sample judge");
  const model = page.getByRole("combobox", { name: "Model" });
  await waitForJudgeModels(model);
  await model.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText(/Every placeholder is found in the queue's first \d+ calls/)).toBeVisible();
  await page.getByRole("button", { name: "Save as a new version" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Sample judge" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/queues/${queue.id}/judges/judge-sample-judge`));

  const size = page.getByRole("textbox", { name: "Sample size" });
  await size.fill("5");
  await expect(page.getByText(/^5 calls to ask/)).toBeVisible();
  await expect(
    page.getByText(/prompt tokens, at most .* reply tokens; an estimate at 4 characters a token/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Start" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("progressbar", { name: "Calls judged" })).toBeVisible();
  await expect(page.getByText(/^Finished: 5 of 5 calls judged\./)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/5 of 5 done: \d+ verdicts, \d+ failures/)).toBeVisible();
  // Outcomes are re-read: running again has nothing left to ask in this sample.
  await expect(page.getByText(/^0 calls to ask \(5 already judged by this version\)/)).toBeVisible();
  await expectNoAxeViolations(page);
});
