import { tmpdir } from "node:os";
import * as weave from "weave";
import { DEMO_KEY, expect, test } from "./fixtures";

// The bring-your-own-traces loop on one machine, as the README's "Bring your own traces" tells it: an application
// traced with the official weave SDK against the local services; its calls in Calls; one of them
// added to a queue from there, opened in the review and answered.

test("trace an app with the weave SDK, find its calls in Calls, queue one and answer it", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const project = `demo/byo-${Date.now().toString(36)}`;
  const api = { Authorization: `Bearer ${DEMO_KEY}` };

  // The traced application (README's example, with a child call and a failing op).
  Object.assign(process.env, {
    WF_TRACE_SERVER_URL: `${baseURL}/api/trace`,
    WANDB_BASE_URL: `${baseURL}/api/wandb`,
    WANDB_API_KEY: DEMO_KEY,
  });
  const workingDir = process.cwd();
  process.chdir(tmpdir()); // where the SDK would write weaveErrors.log, were a batch refused
  let rootId = "";
  try {
    const client = await weave.init(project);
    const completion = weave.op(
      async function completion(question: string) {
        return {
          choices: [{ message: { role: "assistant", content: `Your refund for "${question}" is on its way.` } }],
        };
      },
      { name: "openai.chat.completions.create" },
    );
    const lookup = weave.op(async function lookupOrder() {
      throw new Error("Order A-17 not found");
    });
    const supportChat = weave.op(async function supportChat(question: string) {
      rootId = weave.requireCurrentCallStackEntry().callId;
      await lookup().catch(() => undefined);
      return completion(question);
    });
    await supportChat("Where is my refund?");
    await client.waitForBatchProcessing();
  } finally {
    process.chdir(workingDir);
  }

  // A one-question queue in that project, as a lead would have made it.
  const spec = await request.post("/api/trace/obj/create", {
    headers: api,
    data: {
      obj: {
        project_id: project,
        object_id: "resolved",
        val: { field_schema: { type: "boolean" } },
        builtin_object_class: "AnnotationSpec",
      },
    },
  });
  expect(spec.ok()).toBe(true);
  const queueName = "Traced chats";
  const queue = await request.post("/api/trace/annotation_queues", {
    headers: api,
    data: {
      project_id: project,
      name: queueName,
      scorer_refs: [`weave:///${project}/object/resolved:${(await spec.json()).digest}`],
    },
  });
  expect(queue.ok()).toBe(true);

  await page.addInitScript(
    ({ key, annotationProject }) => {
      window.localStorage.setItem("wbops.apiKey", key);
      window.localStorage.setItem(
        "wbops.settings",
        JSON.stringify({ annotationProject, inferenceProject: "", keyStorage: "local" }),
      );
    },
    { key: DEMO_KEY, annotationProject: project },
  );
  await page.goto("/calls");
  const table = page.getByRole("table", { name: "Calls" });
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("1–3 of 3");
  const root = table.locator(`tbody tr[data-call-id="${rootId}"]`);
  await expect(root).toContainText("supportChat");
  await expect(root).toContainText("Success");
  await expect(table.locator("tbody tr").filter({ hasText: "lookupOrder" })).toContainText("Error");

  await root.getByRole("checkbox", { name: /^Select the supportChat call / }).check();
  await expect(page.getByText("1 call selected.")).toBeVisible();
  await page.getByRole("button", { name: "Add to queue…" }).click();
  const add = page.getByRole("dialog", { name: "Add calls to a queue" });
  await add.getByRole("combobox", { name: /Queue/ }).selectOption({ label: queueName });
  // The SDK records the question as inputs.arg0: shown first in the review beside the answer.
  await expect(add.getByRole("checkbox", { name: "inputs.arg0" })).toBeChecked();
  await expect(add.getByRole("checkbox", { name: "output.choices.0.message.content" })).toBeChecked();
  await add.getByRole("button", { name: "Add 1 call" }).click();
  await expect(add.getByText(/^Added 1 call\./)).toBeVisible();
  await add.getByRole("link", { name: "Open the queue" }).click();

  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 1");
  // The count can come before the rows (two reads): j moves between rows that are on screen.
  await expect(page.getByRole("link", { name: "Open item 1" })).toBeVisible();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Item 1 of 1" })).toBeVisible();
  const answer = page.getByRole("group", { name: "resolved", exact: true });
  await page.keyboard.press("1");
  await expect(answer.getByRole("radio", { name: /^Yes/ })).toBeChecked();
  await page.getByRole("button", { name: "Complete", exact: true }).click();

  // The answer is feedback on the traced call and the item is completed, as for a seeded one.
  const queueId = (await queue.json()).id as string;
  await expect
    .poll(async () => {
      const feedback = await request.post("/api/trace/feedback/query", { headers: api, data: { project_id: project } });
      const stats = await request.post("/api/trace/annotation_queues/stats", {
        headers: api,
        data: { project_id: project, queue_ids: [queueId] },
      });
      return {
        // The answers: the claim record the first answer leaves (it starts the item) is not one.
        answers: ((await feedback.json()).result as { weave_ref: string; payload: unknown; feedback_type: string }[])
          .filter((f) => f.feedback_type.startsWith("wandb.annotation."))
          .map((f) => [f.weave_ref, f.payload]),
        completed: (await stats.json()).stats[0].completed_items,
      };
    })
    .toEqual({ answers: [[`weave:///${project}/call/${rootId}`, { value: true }]], completed: 1 });
});
