import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { callRef } from "@/api/annotation-specs";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { DEMO_QUESTIONS, seedQuestions, setQueueQuestions } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";

/**
 * The Annotate panel stays in the page from one item to the next (only what differs is redrawn): nothing one item's
 * questions held may show on the next, and what was typed on one item is saved on that item's call.
 */
const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };

/** A queue of 4 items with the demo's four questions (rating, choice, yes/no, comment), reviewed from its first. */
async function setup(wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 4, name: "Tone review" });
  setQueueQuestions(server.db, queueId, Object.values(seedQuestions(server.db, PROJECT, DEMO_QUESTIONS)));
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const items = (await clients.trace.queryItems(queueId, { project_id: PROJECT, include_position: true })).items;
  storeSettings(server, PROJECT);
  /** A call's answers and notes as [question or "note", value]; the claim record a first answer leaves is not one. */
  const answersOn = (callId: string) =>
    (
      server.db
        .prepare(
          "SELECT feedback_type, payload FROM trace_feedback WHERE weave_ref = ? AND feedback_type != 'wbops.claim' ORDER BY seq",
        )
        .all(callRef(PROJECT, callId)) as { feedback_type: string; payload: string }[]
    ).map((row) => {
      const payload = JSON.parse(row.payload) as { value?: unknown; note?: unknown };
      return row.feedback_type === "wandb.note.1"
        ? ["note", payload.note]
        : [row.feedback_type.replace("wandb.annotation.", ""), payload.value];
    });
  const app = renderApp({
    path: `/queues/${queueId}/items/${items[0]!.id}?i=0`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
  });
  await waitFor(() => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"), SLOW);
  await screen.findByRole("group", { name: "Tone" }, SLOW);
  return { items, answersOn, ...app };
}

const panel = () => screen.getByRole("region", { name: "Annotate" });
const commentBox = () => within(screen.getByRole("group", { name: "Comment" })).getByRole("textbox");
const noteBox = () => screen.getByRole("textbox", { name: "A note on this call" });

async function onItem(n: number) {
  await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Item ${n}`), SLOW);
  await screen.findByRole("group", { name: "Tone" }, SLOW);
}

describe("the Annotate panel on the next item", () => {
  it("starts empty: no typed comment, note or highlight of the item before; the typed comment is saved on its own item", async () => {
    const { items, answersOn, user } = await setup();
    await user.type(commentBox(), "Half a thought");
    await user.type(noteBox(), "A note not added");
    // Typing highlighted the comment (the last question); out of the fields (Esc), the highlight moves one up.
    await user.keyboard("{Escape}");
    await user.keyboard("k");
    expect(within(panel()).getByRole("group", { name: "Follows the refund policy" })).toHaveAttribute(
      "data-active-spec",
    );
    fireEvent.keyDown(document.body, { key: "n" });
    await onItem(2);
    expect(commentBox()).toHaveValue("");
    expect(noteBox()).toHaveValue("");
    expect(within(panel()).getByRole("group", { name: "Tone" })).toHaveAttribute("data-active-spec");
    expect(within(panel()).getByRole("group", { name: "Follows the refund policy" })).not.toHaveAttribute(
      "data-active-spec",
    );
    // The number keys answer the first question again.
    await user.keyboard("4");
    await waitFor(() => expect(answersOn(items[1]!.call_id)).toEqual([["tone", 4]]), SLOW);
    expect(answersOn(items[0]!.call_id)).toEqual([["reviewer_comment", "Half a thought"]]);
  }, 60_000);

  it("shows no choice of the item before, and its own again on the way back", async () => {
    const { items, answersOn, user } = await setup();
    await user.click(within(screen.getByRole("group", { name: "Tone" })).getByRole("radio", { name: /^4/ }));
    await user.click(within(screen.getByRole("group", { name: "Resolution" })).getByRole("radio", { name: /^Partly/ }));
    await waitFor(() => expect(answersOn(items[0]!.call_id)).toHaveLength(2), SLOW);
    fireEvent.keyDown(document.body, { key: "n" });
    await onItem(2);
    for (const name of ["Tone", "Resolution", "Follows the refund policy"])
      for (const radio of within(screen.getByRole("group", { name })).getAllByRole("radio"))
        expect(radio).not.toBeChecked();
    // The click left the focus on a choice: it does not stay in the panel on another item.
    expect(panel()).not.toContainElement(document.activeElement as HTMLElement | null);
    fireEvent.keyDown(document.body, { key: "p" });
    await onItem(1);
    expect(within(screen.getByRole("group", { name: "Tone" })).getByRole("radio", { name: /^4/ })).toBeChecked();
  }, 60_000);

  it("a choice clicked on the next item answers that item: its options, left as they were, act on the item shown", async () => {
    const { items, answersOn, user } = await setup();
    // Unanswered here and on the next item: the choices are drawn once and not again with the next item.
    fireEvent.keyDown(document.body, { key: "n" });
    await onItem(2);
    await user.click(within(screen.getByRole("group", { name: "Tone" })).getByRole("radio", { name: /^2/ }));
    await user.click(within(screen.getByRole("group", { name: "Resolution" })).getByRole("radio", { name: /^Partly/ }));
    await waitFor(() => expect(answersOn(items[1]!.call_id)).toHaveLength(2), SLOW);
    expect(answersOn(items[1]!.call_id)).toEqual(expect.arrayContaining([["tone", 2]]));
    expect(answersOn(items[0]!.call_id)).toEqual([]);
  }, 60_000);

  it("leaves an item's errors on it: a refused note and a refused answer are not shown on the next", async () => {
    const { user } = await setup((fetch) => async (input, init) => {
      if (String(input).endsWith("/feedback/create") && /wandb\.(note|annotation)/.test(String(init?.body)))
        return new Response(JSON.stringify({ reason: "The service is busy" }), {
          status: 400,
          headers: { "Content-Type": "application/json" },
        });
      return fetch(input, init);
    });
    const yesNo = screen.getByRole("group", { name: "Follows the refund policy" });
    await user.click(within(yesNo).getByRole("radio", { name: /^No/ }));
    expect(await within(yesNo).findByText(/Not saved:/, {}, SLOW)).toBeInTheDocument();
    await user.type(noteBox(), "Amount is right");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("The note was not saved", {}, SLOW)).toBeInTheDocument();
    await user.keyboard("{Escape}");
    fireEvent.keyDown(document.body, { key: "n" });
    await onItem(2);
    expect(within(panel()).queryByText("The note was not saved")).not.toBeInTheDocument();
    expect(within(panel()).queryByText(/Not saved:/)).not.toBeInTheDocument();
    expect(noteBox()).toHaveValue("");
    expect(
      within(screen.getByRole("group", { name: "Follows the refund policy" })).getByRole("radio", { name: /^No/ }),
    ).not.toBeChecked();
  }, 60_000);

  it("a note added on one item lands on its call, and its arrival leaves the next item's note box alone", async () => {
    let release: (() => void) | undefined;
    const { items, answersOn, user } = await setup((fetch) => async (input, init) => {
      if (String(input).endsWith("/feedback/create") && String(init?.body).includes("wandb.note.1"))
        await new Promise<void>((resolve) => (release = resolve));
      return fetch(input, init);
    });
    await user.type(noteBox(), "First item's note");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(release).toBeDefined(), SLOW);
    fireEvent.keyDown(document.body, { key: "n" });
    await onItem(2);
    expect(noteBox()).toHaveValue("");
    expect(screen.getByRole("button", { name: "Add note" })).not.toHaveAttribute("aria-busy", "true");
    await user.type(noteBox(), "Second");
    release?.();
    await waitFor(() => expect(answersOn(items[0]!.call_id)).toEqual([["note", "First item's note"]]), SLOW);
    expect(noteBox()).toHaveValue("Second");
    expect(noteBox()).toHaveFocus();
    expect(answersOn(items[1]!.call_id)).toEqual([]);
  }, 60_000);
});
