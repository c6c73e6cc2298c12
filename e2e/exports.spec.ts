import { DEMO_KEY, expect, test } from "./fixtures";
import {
  BIG_QUEUE_NAME,
  createScratchQueue,
  exportItems,
  PROJECT,
  queryItems,
  queueByName,
  useDemoProject,
} from "./queues-support";

// The items export, as a spreadsheet user and a script read it: answers readable in CSV cells and
// structured in JSON Lines, the calls' notes in both, read with the answers (no request more).

const auth = { Authorization: `Basic ${Buffer.from(`api:${DEMO_KEY}`).toString("base64")}` };

test("exports answers readably in CSV, structured in JSON Lines, and the notes in both, one feedback query per batch", async ({
  page,
  request,
}) => {
  const tone = (await queueByName(request, BIG_QUEUE_NAME)).scorer_refs?.[0] ?? "";
  expect(tone).toContain("/object/");
  const toneId = tone.split("/object/")[1]!.split(":")[0]!;
  const queue = await createScratchQueue(request, "exports", 3, { scorerRefs: [tone], offset: 7000 });
  const items = await queryItems(request, queue.id, {});
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/trace${path}`, { data, headers: auth });
    expect(response.ok(), await response.text()).toBe(true);
  };
  const first = items[0]!;
  const ref = `weave:///${PROJECT}/call/${first.call_id}`;
  await post("/feedback/create", {
    project_id: PROJECT,
    weave_ref: ref,
    feedback_type: `wandb.annotation.${toneId}`,
    payload: { value: 4 },
    annotation_ref: tone,
  });
  await post("/feedback/create", {
    project_id: PROJECT,
    weave_ref: ref,
    feedback_type: "wandb.note.1",
    payload: { note: 'Polite, but "soon" is vague' },
  });

  await useDemoProject(page);
  const feedbackQueries: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/feedback/query")) feedbackQueries.push(r.url());
  });
  await page.goto(`/queues/${queue.id}`);
  await expect(page.getByRole("table").locator("tbody tr[data-item-row]")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Export…" })).toBeEnabled();

  const before = feedbackQueries.length;
  const csv = (await exportItems(page, "CSV")).trimEnd().split("\r\n");
  // Three items on three calls: one feedback query (up to 250 calls each) for answers and notes.
  expect(feedbackQueries.length - before).toBe(1);
  const header = csv[0]!.split(",");
  expect(header.slice(-2)).toEqual([`answer.${toneId}`, "notes"]);
  const row = csv.find((line) => line.includes(first.id))!;
  expect(row).toContain(",user-demo: 4,");
  expect(row).not.toContain("{");
  expect(row).toMatch(/"user-demo \(\d{4}-\d{2}-\d{2}T[^)]*\): Polite, but ""soon"" is vague"$/);

  const jsonl = (await exportItems(page, "JSON Lines"))
    .trimEnd()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as {
          id: string;
          answers: Record<string, { annotator: string; value: unknown }[]>;
          notes: { author: string; created_at: string; text: string }[];
        },
    );
  const line = jsonl.find((l) => l.id === first.id)!;
  expect(line.answers[toneId]).toEqual([expect.objectContaining({ annotator: "user-demo", value: 4 })]);
  expect(line.notes).toEqual([
    { author: "user-demo", created_at: expect.stringMatching(/^\d{4}-/), text: 'Polite, but "soon" is vague' },
  ]);
  expect(jsonl.filter((l) => l.id !== first.id).every((l) => l.notes.length === 0)).toBe(true);
});
