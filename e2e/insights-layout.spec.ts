import { DEMO_KEY, expect, test } from "./fixtures";
import { PROJECT, useDemoProject } from "./queues-support";

// The Insights page's heading names the queue: a long name without a space (an id, a path, a
// pasted URL) wraps inside the window on a phone instead of pushing the page sideways.

const auth = { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` };

test.use({ viewport: { width: 390, height: 844 } });

test("a long unbroken queue name wraps in the Insights heading at 390 px", async ({ page, request }) => {
  const name = `e2e-${"unbroken_queue_name_".repeat(6)}${Date.now().toString(36)}`;
  const response = await request.post("/api/trace/annotation_queues", {
    data: { project_id: PROJECT, name, description: "", scorer_refs: [] },
    headers: auth,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: string };

  await useDemoProject(page, { theme: "dark" });
  await page.goto(`/queues/${id}/insights`);
  const heading = page.getByRole("heading", { level: 1, name: `Insights: ${name}` });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name })).toBeVisible();

  // Nothing wider than the window: not the heading, not the page.
  const widths = await heading.evaluate((element) => ({
    heading: [element.scrollWidth, element.clientWidth],
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
  }));
  expect(widths.heading[0], "the heading's content fits its box").toBeLessThanOrEqual(widths.heading[1]!);
  expect(widths.page[0], "the page does not scroll sideways").toBeLessThanOrEqual(widths.page[1]!);
  const box = await heading.boundingBox();
  expect(box && box.x + box.width, "the heading ends inside the window").toBeLessThanOrEqual(390);
});
