import { DEMO_KEY, expect, expectNoAxeViolations, test } from "./fixtures";
import { PROJECT, queueByName, useDemoProject } from "./queues-support";

// Make a queue with two questions, see it listed, edit it, delete it: the whole life of a queue
// from the dashboard, against the real server with the demo data.

test("create a queue with two questions, edit it, delete it", async ({ page, request }) => {
  test.slow();
  await useDemoProject(page);
  const name = `e2e manage ${Date.now().toString(36)}`;
  await page.goto("/queues");

  await page.getByRole("button", { name: "New queue" }).click();
  const dialog = page.getByRole("dialog", { name: "New queue" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Guidelines").fill("Read the whole conversation.\nThen answer.");
  const toAdd = dialog.getByRole("list", { name: "Specs to add" });
  // Tone's own row says what it asks; other tests may have added rating questions to the project too.
  const toneRow = toAdd.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Add Tone" }) });
  await expect(toneRow.getByText("Rating 1-5")).toBeVisible();
  await toAdd.getByRole("button", { name: "Add Tone" }).click();
  await toAdd.getByRole("button", { name: "Add Resolution" }).click();
  await expect(dialog.getByRole("list", { name: "Chosen questions" }).getByRole("listitem")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create queue" }).click();

  // The new queue's page opens.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const created = await queueByName(request, name);
  expect(created.scorer_refs).toHaveLength(2);
  expect(created.scorer_refs?.map((ref) => ref.split("/").at(-1)?.split(":")[0])).toEqual(["tone", "resolution"]);

  // Listed.
  await page.getByRole("link", { name: "Annotation queues" }).first().click();
  // (No axe pass here: the list is scanned by queues-accessibility.spec.ts, and again below with a deleted queue.)
  await expect(page.getByRole("table", { name: "Annotation queues" }).getByRole("link", { name })).toBeVisible();

  // Edit its name and guidelines from its page.
  await page.getByRole("table", { name: "Annotation queues" }).getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Edit queue" }).click();
  const edit = page.getByRole("dialog", { name: "Edit queue" });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await edit.getByLabel("Name").fill(`${name} (edited)`);
  await edit.getByLabel("Guidelines").fill("New guidelines.");
  await expectNoAxeViolations(page);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: `${name} (edited)` })).toBeVisible();
  await expect(page.getByText("New guidelines.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Delete it, confirming.
  await page.getByRole("button", { name: `Delete ${name} (edited)` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete the queue “${name} (edited)”?` });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Delete queue" }).click();
  await expect(page).toHaveURL(/\/queues$/);
  await expect(page.getByRole("status").filter({ hasText: `Deleted the queue “${name} (edited)”` })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Annotation queues" }).getByRole("link", { name: `${name} (edited)` }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Gone from the service's list, and its page says it was deleted.
  const list = await request.post("/api/trace/annotation_queues/query", {
    data: { project_id: PROJECT, name },
    headers: { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` },
  });
  expect((await list.text()).trim()).toBe("");
  await page.goto(`/queues/${created.id}`);
  await expect(page.getByText(`${PROJECT} has no queue with this id`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the new queue dialog, at phone width in the dark theme, has no violations", async ({ page }) => {
  await useDemoProject(page, { theme: "dark" });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/queues");
  await page.getByRole("button", { name: "New queue" }).click();
  const dialog = page.getByRole("dialog", { name: "New queue" });
  await dialog.getByRole("list", { name: "Specs to add" }).getByRole("button", { name: "Add Tone" }).click();
  await dialog.getByRole("button", { name: "Create queue" }).click();
  await expect(dialog.getByText("Give the queue a name.")).toBeVisible();
  // Nothing is wider than the screen: the dialog scrolls within it.
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectNoAxeViolations(page);
});
