import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { callRef } from "@/api/annotation-specs";
import { renderApp, urlsOf } from "@/app/test-support";
import { DEMO_QUESTIONS, seedQuestions, setQueueQuestions } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";

/**
 * The review as an annotator walks it on their 200th item: keys pressed back to back, at full
 * speed (fireEvent, no pause between presses), under an "unstarted" filter.
 */
const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };

/** A queue of 12 items nobody has started, with the demo's four questions; the review opened on the first. */
async function setup({ search = "state=unstarted", questions = true }: { search?: string; questions?: boolean } = {}) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 12, name: "Tone review" });
  server.db.prepare("DELETE FROM annotation_item_progress").run();
  server.db.prepare("UPDATE annotation_queue_items SET annotation_state = 'unstarted', annotator_user_id = NULL").run();
  if (questions)
    setQueueQuestions(server.db, queueId, Object.values(seedQuestions(server.db, PROJECT, DEMO_QUESTIONS)));
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const items = (await clients.trace.queryItems(queueId, { project_id: PROJECT, include_position: true })).items;
  storeSettings(server, PROJECT);
  const app = renderApp({
    path: `/queues/${queueId}/items/${items[0]!.id}?${search}&i=0`,
    defaults: urlsOf(server.settings),
    fetch: server.fetch,
  });
  const stateOf = (id: string) =>
    server.db.prepare("SELECT annotation_state FROM annotation_queue_items WHERE id = ?").pluck().get(id);
  const path = () => app.router.location.pathname;
  const itemPath = (index: number) => `/queues/${queueId}/items/${items[index]!.id}`;
  return { server, queueId, items, stateOf, path, itemPath, ...app };
}

/** A key press where the focus is (or on `target`), with no pause before the next. */
const press = (key: string, target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key });

/** Waits until the review knows the item's place (Next is offered). */
async function placeKnown() {
  await waitFor(() => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"), SLOW);
}

describe("the notes are a place to type, not to press shortcuts", () => {
  it("letters typed while the focus is on an earlier note's controls change nothing, and m goes into the note box", async () => {
    const { server, items, stateOf, path, itemPath } = await setup();
    server.db
      .prepare(
        "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        "f-my-note",
        PROJECT,
        callRef(PROJECT, items[0]!.call_id),
        "user-demo",
        new Date().toISOString(),
        "wandb.note.1",
        JSON.stringify({ note: "Earlier note" }),
      );
    const remove = await screen.findByRole("button", { name: "Delete my note" }, SLOW);
    await placeKnown();
    remove.focus();
    for (const key of ["n", "s", "c", "t", "u", "C", "S", "p", "1", "j"]) press(key);
    // The time of the note is focusable too (its exact time shows on focus).
    const time = within(remove.closest("li")!).getByText(/ago|now/);
    time.focus();
    for (const key of ["n", "s", "c"]) press(key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(path()).toBe(itemPath(0));
    expect(stateOf(items[0]!.id)).toBe("unstarted");

    // m puts the focus in the note box (and is not typed there); Esc leaves the notes, not the item.
    remove.focus();
    press("Escape");
    expect(remove).not.toHaveFocus();
    expect(path()).toBe(itemPath(0));
    press("m");
    const box = screen.getByRole("textbox", { name: "A note on this call" });
    expect(box).toHaveFocus();
    expect(box).toHaveValue("");
  }, 60_000);

  it("Ctrl+Enter adds the note and keeps the focus in the box, so the next Esc leaves the box and the one after leaves the item", async () => {
    const { server, path, itemPath, user } = await setup();
    await placeKnown();
    const box = screen.getByRole("textbox", { name: "A note on this call" });
    await user.click(box);
    await user.keyboard("Refund amount checked");
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(
      () =>
        expect(
          server.db.prepare("SELECT COUNT(*) FROM trace_feedback WHERE feedback_type = 'wandb.note.1'").pluck().get(),
        ).toBe(1),
      SLOW,
    );
    await waitFor(() => expect(box).toHaveValue(""), SLOW);
    expect(box).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(box).not.toHaveFocus();
    expect(path()).toBe(itemPath(0));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(path()).not.toContain("/items/"), SLOW);
  }, 60_000);
});

describe("walking back under a filter", () => {
  it("Previous after Complete & next returns to the item just completed, and Next goes on again", async () => {
    const { items, stateOf, path, itemPath } = await setup({ questions: false });
    await placeKnown();
    press("C");
    await waitFor(() => expect(path()).toBe(itemPath(1)), SLOW);
    await placeKnown();
    press("C");
    await waitFor(() => expect(path()).toBe(itemPath(2)), SLOW);
    await waitFor(() => expect(stateOf(items[1]!.id)).toBe("completed"), SLOW);
    // Both completed items have left the "unstarted" list: p walks back through them all the same.
    press("p");
    await waitFor(() => expect(path()).toBe(itemPath(1)), SLOW);
    expect(screen.queryByText("This is the first item of the list.")).not.toBeInTheDocument();
    press("p");
    await waitFor(() => expect(path()).toBe(itemPath(0)), SLOW);
    expect(await screen.findByText("Completed", { selector: "span" }, SLOW)).toBeInTheDocument();
    press("n");
    press("n");
    await waitFor(() => expect(path()).toBe(itemPath(2)), SLOW);
  }, 60_000);
});

describe("moving on from an item already in that state", () => {
  it("Skip & next on an item I skipped moves on without a write", async () => {
    const { server, items, stateOf, path, itemPath } = await setup({ search: "size=25", questions: false });
    await placeKnown();
    press("s");
    await waitFor(() => expect(stateOf(items[0]!.id)).toBe("skipped"), SLOW);
    const writesBefore = server.requests.filter((r) => r.url.endsWith("/progress")).length;
    press("S");
    await waitFor(() => expect(path()).toBe(itemPath(1)), SLOW);
    expect(server.requests.filter((r) => r.url.endsWith("/progress")).length).toBe(writesBefore);
    expect(screen.queryByText(/Already skipped/)).not.toBeInTheDocument();
  }, 60_000);
});

describe("answering starts the item", () => {
  it("the first answer marks an unstarted item in progress, as Start would", async () => {
    const { items, stateOf } = await setup({ search: "size=25" });
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    await waitFor(() => expect(tone).toBeEnabled(), SLOW);
    press("4");
    await waitFor(() => expect(stateOf(items[0]!.id)).toBe("in_progress"), SLOW);
    // Start now has nothing to do: the item is mine, in progress.
    expect(
      within(screen.getByRole("group", { name: "Set the item's state" })).getByRole("button", { name: "Start" }),
    ).toHaveAttribute("aria-disabled", "true");
  }, 60_000);

  it("an answer and Complete & next pressed back to back complete the item and move on: the start made on the way is waited for, not refused", async () => {
    const { items, stateOf, path, itemPath } = await setup({ search: "size=25" });
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    await waitFor(() => expect(tone).toBeEnabled(), SLOW);
    await placeKnown();
    // Every question answered by key, then Complete & next in the same breath.
    press("4");
    press("1");
    press("1");
    fireEvent.keyDown(document.body, { key: "e" });
    const comment = within(screen.getByRole("group", { name: "Comment" })).getByRole("textbox");
    fireEvent.change(comment, { target: { value: "Fine" } });
    press("Escape", comment);
    press("C", document.body);
    await waitFor(() => expect(path()).toBe(itemPath(1)), SLOW);
    await waitFor(() => expect(stateOf(items[0]!.id)).toBe("completed"), SLOW);
    expect(screen.queryByText(/still being saved/)).not.toBeInTheDocument();
    expect(screen.queryByText(/was not marked|Refused|not marked/i)).not.toBeInTheDocument();
  }, 60_000);
});
