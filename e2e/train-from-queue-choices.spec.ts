import { readFile } from "node:fs/promises";
import { expect, expectNoAxeViolations, expectNoAxeViolationsInBothThemes, followSystemScheme, test } from "./fixtures";
import { queueIdByName, useDemoProject } from "./queues-support";

// The demo's "Escalations – policy check" queue holds escalations (`inputs.question`,
// `output.answer`: a conversation) and refund policy checks (an order id in, a rule number out:
// no conversation). Only the first are suggested and used; the choice of ops lives in the URL.
const QUEUE = "Escalations – policy check";

test("uses only the ops that read as a conversation, shows sample trajectories (light and dark), and keeps a left-out op through a reload", async ({
  page,
  request,
}) => {
  await followSystemScheme(page);
  await useDemoProject(page);
  const queueId = await queueIdByName(request, QUEUE);
  await page.goto(`/queues/${queueId}/train?group=fixed`);
  const policy = page.getByRole("checkbox", { name: "Include refund_policy.check" });
  const escalate = page.getByRole("checkbox", { name: "Include escalate_to_human" });
  await expect(policy).not.toBeChecked({ timeout: 30_000 });
  await expect(policy).toHaveAccessibleDescription(/no field of its calls reads as a conversation/);
  await expect(escalate).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Prompt path of escalate_to_human" })).toHaveValue("inputs.question");
  await expect(page.getByRole("combobox", { name: "Answer path of escalate_to_human" })).toHaveValue("output.answer");

  const samples = page.getByRole("region", { name: "Sample trajectories" });
  await expect(samples.getByRole("heading", { level: 3 }).first()).toHaveText(/^Group 1: Items 1–4$/);
  await expect(samples.getByText("assistant · answer").first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  await escalate.uncheck();
  await expect(page).toHaveURL(/ops=-escalate_to_human/);
  await expect(page.getByText(/^\d+ calls are of ops left out \(Conversations\)\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Include escalate_to_human" })).not.toBeChecked({
    timeout: 30_000,
  });
  await expect(page.getByRole("radio", { name: /Fixed-size groups/ })).toBeChecked();
});

test("the new RL job form explains the format, and its example downloads and passes the file check", async ({
  page,
}) => {
  await useDemoProject(page, { theme: "dark" });
  await page.goto("/training/jobs/new");
  const link = page.getByRole("link", { name: "Download an example" });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await download.path();
  const text = await readFile(path, "utf8");
  await page
    .getByLabel("Choose or drop a trajectory file")
    .setInputFiles({ name: download.suggestedFilename(), mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
  await expect(page.getByText(/: 2 groups, no problems\.$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Group 2", level: 4 })).toBeVisible();
  await expectNoAxeViolations(page);
});
