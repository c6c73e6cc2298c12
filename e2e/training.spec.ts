import { expect, test } from "./fixtures";
import {
  createModelThroughUi,
  presetKey,
  startRlJobThroughUi,
  TRAJECTORIES,
  UNSUPPORTED_BASE_MODEL,
  uniqueName,
} from "./fixtures/training-flows";

// The server runs jobs at TRAINING_STEP_MS=100 (playwright.config.ts): one gradient step per 0.1 s.

// Each test makes a model of its own (a unique name), so they may run on any worker. This file comes last
// in the suite's order and its first test runs a job for ~15 s: in one worker, the other sat idle meanwhile.
test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await presetKey(page);
});

test("create a model, start an RL job from a file, and watch it run to succeeded with charts growing", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = uniqueName("rl-e2e");
  await createModelThroughUi(page, name);

  // Every events response after the first read: only events after the cursor, never one seen before.
  const polls: { after: string | null; ids: string[]; bytes: number }[] = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!/\/training-jobs\/[^/]+\/events$/.test(url.pathname) || !response.ok()) return;
    const body = await response.body();
    const ids = (JSON.parse(body.toString()) as { data: { id: string }[] }).data.map((e) => e.id);
    polls.push({ after: url.searchParams.get("after"), ids, bytes: body.length });
  });

  const jobId = await startRlJobThroughUi(page, TRAJECTORIES.long, 120);
  await expect(page.getByRole("heading", { name: `Job ${jobId}`, level: 1 })).toBeVisible();

  // The reward chart's point count grows while the job runs, without the chart being replaced.
  const reward = page.locator('figure[data-metric="reward"]');
  await expect(reward).toBeVisible();
  const canvas = await reward.locator("canvas").elementHandle();
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        seen.add(Number(await reward.getAttribute("data-points")));
        return page.getByTestId("job-steps").textContent();
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe("120 / 120");
  // Several sizes on the way: the chart grew poll by poll.
  const intermediate = [...seen].filter((n) => n > 0 && n < 120);
  expect(intermediate.length, `point counts seen while running: ${[...seen].join(", ")}`).toBeGreaterThanOrEqual(2);
  await expect(reward).toHaveAttribute("data-points", "120");
  expect(
    await reward
      .locator("canvas")
      .elementHandle()
      .then((h) => h?.evaluate((el, first) => el === first, canvas)),
  ).toBe(true);

  await expect(page.getByText("Succeeded").first()).toBeVisible();
  await expect(page.getByText(/Finished: all 122 events read; no more polling/)).toBeVisible();
  // Synthetic metrics say so; the reward is computed from the file's rewards.
  await expect(page.locator('figure[data-metric="loss"]').getByText("Simulated")).toBeVisible();
  await expect(reward.getByText("Simulated")).toHaveCount(0);

  const allIds = polls.flatMap((p) => p.ids);
  expect(new Set(allIds).size).toBe(allIds.length);
  expect(allIds).toHaveLength(122);
  // Once any event has arrived, every poll asks only for what comes after the last one. (Polls before
  // the job's first event have no cursor to send: a fast page can ask before the job has written one.)
  const firstWithEvents = polls.findIndex((p) => p.ids.length > 0);
  for (const poll of polls.slice(firstWithEvents + 1)) expect(poll.after).toMatch(/^evt_/);
  const pollBytes = polls.slice(1).map((p) => p.bytes);
  console.info(
    `[training e2e] ${polls.length} event requests; bytes per poll after the first: ${pollBytes.join(", ")}`,
  );

  // Opened again once finished, the log starts at the top, where training_started is, not at the end.
  await page.reload();
  await expect(page.getByText(/Finished: all 122 events read; no more polling/)).toBeVisible();
  const log = page.getByRole("table", { name: "Training events in the order they happened" });
  await log.scrollIntoViewIfNeeded();
  await expect(log.getByRole("cell", { name: "training_started" })).toBeInViewport();
  await expect(page.getByRole("checkbox", { name: "Follow new events" })).toHaveCount(0);

  // The jobs list shows it, finished, with its latest reward.
  await page.getByRole("navigation", { name: "Training" }).getByRole("link", { name: "Jobs" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: jobId }) });
  await expect(row).toContainText("Succeeded");
  await expect(row).toContainText("120 / 120 steps");
  await expect(row).toContainText(name);
  // The last line's rewards are 0.9 and 0.45: the step's reward is their mean.
  await expect(row).toContainText(/reward\s*0\.675/);
});

test("a malformed trajectory file is reported by line and nothing is sent", async ({ page }) => {
  await createModelThroughUi(page, uniqueName("malformed-e2e"));
  let created = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/preview/training-jobs")) created += 1;
  });
  await page.getByRole("link", { name: "New job" }).first().click();
  await page.getByLabel("Choose or drop a trajectory file").setInputFiles(TRAJECTORIES.malformed);
  const report = page.getByRole("region", { name: /2 problems in trajectory-groups-malformed\.jsonl/ });
  await expect(report.getByRole("listitem").nth(0)).toHaveText("line 2 (group 2, trajectory 1): reward is required");
  await expect(report.getByRole("listitem").nth(1)).toContainText("line 4 (group 3): not valid JSON");
  await page.getByRole("button", { name: "Start RL job" }).click();
  await expect(page.getByText(/Fix the problems listed below first/)).toBeVisible();
  expect(created).toBe(0);
});

test("a job on a base model the service cannot train shows its failure message", async ({ page }) => {
  await createModelThroughUi(page, uniqueName("legacy-e2e"), UNSUPPORTED_BASE_MODEL);
  await startRlJobThroughUi(page, TRAJECTORIES.six, 6);
  const alert = page.getByRole("alert").filter({ hasText: "Training failed" });
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("job-failure-message")).toHaveText(
    /Base model 'mistralai\/Mistral-7B-Instruct-v0\.3' is not supported for training/,
  );
  await expect(page.getByText(/Finished: all 1 events read; no more polling/)).toBeVisible();
});

test("delete checkpoints, then chat with the best one in the playground", async ({ page }) => {
  test.setTimeout(45_000);
  const name = uniqueName("ckpt-e2e");
  const modelId = await createModelThroughUi(page, name);
  await startRlJobThroughUi(page, TRAJECTORIES.six, 6);
  await expect(page.getByTestId("job-steps")).toHaveText("6 / 6", { timeout: 10_000 });

  await page.goto(`/training/models/${modelId}`);
  const table = page.getByRole("table", { name: /Checkpoints/ });
  await expect(table.getByRole("rowheader")).toHaveCount(6);
  await table.getByRole("checkbox", { name: "Select step 2" }).check();
  await table.getByRole("checkbox", { name: "Select step 3" }).check();
  await page.getByRole("button", { name: "Delete selected (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 checkpoints?" });
  await expect(dialog).toContainText("Steps 2, 3 of");
  await dialog.getByRole("button", { name: "Delete checkpoints" }).click();
  await expect(page.getByText("Deleted 2 checkpoints.")).toBeVisible();
  await expect(table.getByRole("rowheader")).toHaveCount(4);
  await expect(page.getByText("4 in all")).toBeVisible();

  // Rewards rise line by line in the file, so the last step is the best by reward.
  await expect(table.getByRole("rowheader", { name: /6\s*Best/ })).toBeVisible();
  const address = `wandb-artifact:///demo/e2e-training/${name}:step6`;
  await table.getByRole("link", { name: "Chat with step 6" }).click();
  await page.waitForURL(/\/playground\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("service")).toBe("training");
  expect(url.searchParams.get("model")).toBe(address);
  await expect(page.getByLabel("Checkpoint address")).toHaveValue(address);
});
