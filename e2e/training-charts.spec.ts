import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { presetKey } from "./fixtures/training-flows";

/**
 * The job page's charts at a job's very first step: a job resumed on a model (model steps 25-32)
 * whose first gradient step has arrived. The service's answers for this one job are given here
 * (the local runner always starts a model's first job at step 1); everything else is the real page.
 * What the charts draw is read from the canvas: the text uPlot writes on it (its axes' labels)
 * and its pixels.
 */

const JOB = "job_e2e0resumed0001";
const EVENTS = [
  { id: "evt_e2e_1", type: "training_started", data: { num_sequences: 8, simulated_metrics: [] } },
  { id: "evt_e2e_2", type: "gradient_step", data: { step: 25, reward: 0.5, reward_std_dev: 0, learning_rate: 2e-5 } },
];

async function serveResumedJob(page: Page): Promise<void> {
  await page.route(`**/api/training/v1/preview/training-jobs/${JOB}`, (route) => route.fulfill({ json: { id: JOB } }));
  await page.route(`**/api/training/v1/preview/training-jobs/${JOB}/events**`, (route) => {
    const after = new URL(route.request().url()).searchParams.get("after");
    const data = after ? EVENTS.slice(EVENTS.findIndex((e) => e.id === after) + 1) : EVENTS;
    return route.fulfill({
      json: { object: "list", data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false },
    });
  });
}

/** Keeps, per canvas, the text of its latest drawing (uPlot clears the whole canvas before each). */
async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Recorded = HTMLCanvasElement & { drawnText?: string[] };
    const proto = CanvasRenderingContext2D.prototype;
    const clearRect = proto.clearRect;
    const fillText = proto.fillText;
    proto.clearRect = function (this: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
      if (x === 0 && y === 0 && w >= this.canvas.width && h >= this.canvas.height)
        (this.canvas as Recorded).drawnText = [];
      clearRect.call(this, x, y, w, h);
    };
    proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
      ((this.canvas as Recorded).drawnText ??= []).push(String(text));
      if (maxWidth === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, maxWidth);
    };
  });
}

const drawnText = (page: Page, metric: string) =>
  page
    .locator(`figure[data-metric="${metric}"] canvas`)
    .evaluate((canvas) => (canvas as HTMLCanvasElement & { drawnText?: string[] }).drawnText ?? []);

/**
 * Where the chart's strongest line colour is, as fractions of the plot area (x from its left, y
 * from its top); null when nothing is drawn in it.
 */
function lineAt(page: Page, metric: string) {
  return page.locator(`figure[data-metric="${metric}"]`).evaluate((figure) => {
    const canvas = figure.querySelector("canvas")!;
    const over = figure.querySelector<HTMLElement>(".u-over")!;
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const box = {
      left: over.offsetLeft * ratio,
      top: over.offsetTop * ratio,
      width: over.offsetWidth * ratio,
      height: over.offsetHeight * ratio,
    };
    const pixels = canvas.getContext("2d")!.getImageData(box.left, box.top, box.width, box.height);
    let sumX = 0;
    let sumY = 0;
    let count = 0;
    for (let y = 0; y < pixels.height; y += 1) {
      for (let x = 0; x < pixels.width; x += 1) {
        const i = (y * pixels.width + x) * 4;
        const [r, g, b, a] = [pixels.data[i]!, pixels.data[i + 1]!, pixels.data[i + 2]!, pixels.data[i + 3]!];
        // The light theme's line, #4338ca: strongly blue, opaque.
        if (a > 200 && b > 150 && r < 120 && g < 100) {
          sumX += x;
          sumY += y;
          count += 1;
        }
      }
    }
    return count === 0 ? null : { x: sumX / count / pixels.width, y: sumY / count / pixels.height };
  });
}

test.beforeEach(async ({ page }) => {
  await presetKey(page);
  await page.addInitScript(() => window.localStorage.setItem("wbops.theme", "light"));
  await recordCanvasText(page);
  await serveResumedJob(page);
});

test("a job's first step is drawn at the start of the job's own steps", async ({ page }) => {
  await page.goto(`/training/jobs/${JOB}`);
  await expect(page.getByTestId("job-steps")).toHaveText("1 / 8");
  const reward = page.locator('figure[data-metric="reward"]');
  await expect(reward).toHaveAttribute("data-points", "1");
  // The x axis runs over the model steps this job trains, 25 to 32 (uPlot's own range was 0-50).
  await expect.poll(() => drawnText(page, "reward")).toEqual(expect.arrayContaining(["25", "32", "Model step"]));
  expect(await drawnText(page, "reward")).not.toContain("50");
  // The lone value is drawn (as a point: a line of one point draws nothing), at the start.
  const point = await lineAt(page, "reward");
  expect(point, "the single step is drawn").not.toBeNull();
  expect(point!.x).toBeLessThan(0.1);
});

test("a flat series gets an axis around its value, with ticks that read", async ({ page }) => {
  await page.goto(`/training/jobs/${JOB}`);
  await expect(page.locator('figure[data-metric="learning_rate"]')).toHaveAttribute("data-points", "1");
  // A constant 2e-5: ticks around it, written so they read (not a lone "0").
  await expect.poll(() => drawnText(page, "learning_rate")).toContain("2e-5");
  expect(await drawnText(page, "learning_rate")).not.toContain("0");
  // All zeros: -1 to 1 with the value in the middle (it was 0-100, the line on the bottom edge).
  await expect.poll(() => drawnText(page, "reward_std_dev")).toEqual(expect.arrayContaining(["-1", "0", "1"]));
  expect(await drawnText(page, "reward_std_dev")).not.toContain("100");
  const zero = await lineAt(page, "reward_std_dev");
  expect(zero!.y).toBeGreaterThan(0.35);
  expect(zero!.y).toBeLessThan(0.65);
});

test("a constant learning rate over many steps reads as its value, not a lone 0 (its smoothed line differs in the last digits)", async ({
  page,
}) => {
  await page.goto("/training/jobs/job_5eed00000000a001");
  await expect(page.locator('figure[data-metric="learning_rate"]')).toHaveAttribute("data-points", "24");
  await expect.poll(() => drawnText(page, "learning_rate")).toContain("2e-5");
  expect(await drawnText(page, "learning_rate")).not.toContain("0");
});
