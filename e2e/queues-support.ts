import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import type { AnnotationQueue, AnnotationQueueItem } from "../contract/trace";
import { DEMO_KEY, expect } from "./fixtures";

export const PROJECT = "demo/support-bot";
export const BIG_QUEUE_NAME = "Refund conversations – tone review";

const auth = { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` };

/** A returning user: key remembered and the demo project chosen, before any page script runs. */
export async function useDemoProject(page: Page, options: { theme?: "light" | "dark" | "system" } = {}): Promise<void> {
  await page.addInitScript(
    ({ key, project, theme }) => {
      window.localStorage.setItem("wbops.apiKey", key);
      window.localStorage.setItem(
        "wbops.settings",
        JSON.stringify({ annotationProject: project, inferenceProject: "", keyStorage: "local" }),
      );
      if (theme) window.localStorage.setItem("wbops.theme", theme);
    },
    { key: DEMO_KEY, project: PROJECT, theme: options.theme },
  );
}

async function trace<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const response = await request.post(`/api/trace${path}`, { data: body, headers: auth });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return (
    path.endsWith("/annotation_queues/query")
      ? text
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
      : JSON.parse(text)
  ) as T;
}

/** The demo project's queue called `name`. */
export async function queueByName(request: APIRequestContext, name: string): Promise<AnnotationQueue> {
  const queues = await trace<AnnotationQueue[]>(request, "/annotation_queues/query", { project_id: PROJECT, name });
  const queue = queues.find((q) => q.name === name);
  if (!queue) throw new Error(`no queue named ${name}`);
  return queue;
}

export async function queueIdByName(request: APIRequestContext, name: string): Promise<string> {
  return (await queueByName(request, name)).id;
}

export async function queryItems(
  request: APIRequestContext,
  queueId: string,
  body: Record<string, unknown>,
): Promise<AnnotationQueueItem[]> {
  return (
    await trace<{ items: AnnotationQueueItem[] }>(request, `/annotation_queues/${queueId}/items/query`, {
      project_id: PROJECT,
      ...body,
    })
  ).items;
}

/**
 * A fresh queue of `size` unstarted items over calls of the big demo queue, so a spec that changes
 * states never disturbs the demo data other specs read.
 */
export async function createScratchQueue(
  request: APIRequestContext,
  label: string,
  size: number,
  /** `scorerRefs`: the queue's questions (none by default). `offset`: where in the big queue its calls come from. */
  options: { scorerRefs?: readonly string[]; offset?: number } = {},
): Promise<{ id: string; name: string }> {
  const source = await queueIdByName(request, BIG_QUEUE_NAME);
  // Calls that have the question and the answer the scratch items display (answers that finished).
  const answered = (await queryItems(request, source, { limit: size * 3, offset: options.offset ?? 500 })).filter(
    (i) => i.display_fields.join() === "inputs.question,output.answer",
  );
  if (answered.length < size)
    throw new Error(`only ${answered.length} answered calls to make a scratch queue of ${size}`);
  const calls = answered.slice(0, size).map((i) => i.call_id);
  const name = `e2e ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { id } = await trace<{ id: string }>(request, "/annotation_queues", {
    project_id: PROJECT,
    name,
    description: "Made by an end-to-end test.",
    scorer_refs: options.scorerRefs ?? [],
  });
  await trace(request, `/annotation_queues/${id}/items`, {
    project_id: PROJECT,
    call_ids: calls,
    display_fields: ["inputs.question", "output.answer"],
  });
  return { id, name };
}

/** The item rows of the items table (header row excluded). */
export const itemRows = (page: Page) => page.getByRole("table").locator("tbody tr[data-item-row]");

/** Exports the items table shown in `page` through its Export dialog, and returns the file's text. */
export async function exportItems(page: Page, format: "CSV" | "JSON Lines"): Promise<string> {
  await page.getByRole("button", { name: "Export…" }).click();
  const dialog = page.getByRole("dialog", { name: "Export items" });
  await dialog.getByRole("radio", { name: format }).check();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export", exact: true }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  await page.keyboard.press("Escape");
  return text;
}

/**
 * Waits until the judge editor's Model list has the inference catalog's models, not only the first
 * render's lines (Choose, "Reading the catalog…", Another model): ArrowDown while the catalog is
 * read skips the disabled line and picks "Another model".
 */
export async function waitForJudgeModels(model: Locator): Promise<void> {
  await expect(model.locator("option", { hasText: "Reading the catalog" })).toHaveCount(0);
  await expect(model.locator("option", { hasText: "Llama" }).first()).toBeAttached();
}

/**
 * A scratch queue asking the big queue's four questions (or none), opened on its first item by keyboard; returns its id.
 * Answers belong to calls, not to the queue: each attempt (a retry, or a repeat with up to two
 * retries) takes calls from `offset` on that no earlier attempt answered.
 */
export async function openScratchReview(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  label: string,
  size: number,
  offset: number,
  /**
   * Without the big queue's four questions, one Complete & next completes an item. `states`: the table's State filter
   * the review walks (none by default).
   */
  { questions = true, states }: { questions?: boolean; states?: string } = {},
): Promise<string> {
  const scorerRefs = questions ? ((await queueByName(request, BIG_QUEUE_NAME)).scorer_refs ?? []) : [];
  expect(scorerRefs).toHaveLength(questions ? 4 : 0);
  const attempt = testInfo.repeatEachIndex * 3 + testInfo.retry;
  const queue = await createScratchQueue(request, label, size, { scorerRefs, offset: offset + 100 * attempt });
  await page.goto(states ? `/queues/${queue.id}?state=${states}` : `/queues/${queue.id}`);
  await expect(itemRows(page)).toHaveCount(size);
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  return queue.id;
}
