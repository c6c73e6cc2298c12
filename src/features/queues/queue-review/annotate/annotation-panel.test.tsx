import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { callRef } from "@/api/annotation-specs";
import { renderApp, urlsOf } from "@/app/test-support";
import { answerWriter, DEMO_QUESTIONS, firstItem, seedQuestions } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { DEFAULT_TEAM_SETTINGS, teamSettingsObjectId, valueFromSettings } from "../../team/team-settings";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };

/** A review of one item of a queue whose questions are the demo's four (rating, choice, yes/no, comment). */
async function setup(wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 5, name: "Tone review" });
  const specs = seedQuestions(server.db, PROJECT, DEMO_QUESTIONS);
  server.db
    .prepare("UPDATE annotation_queues SET scorer_refs = ?, description = ? WHERE id = ?")
    .run(JSON.stringify(Object.values(specs)), "Be kind, be exact.", queueId);
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const item = await firstItem(server, PROJECT, queueId);
  storeSettings(server, PROJECT);
  // The answers and notes: the claim record a first answer leaves (it starts the item) is not one.
  const answers = () =>
    (
      server.db
        .prepare(
          "SELECT feedback_type, payload, wb_user_id FROM trace_feedback WHERE weave_ref = ? AND feedback_type != 'wbops.claim' ORDER BY seq",
        )
        .all(callRef(PROJECT, item.call_id)) as { feedback_type: string; payload: string; wb_user_id: string }[]
    ).map((row) => [row.feedback_type.replace("wandb.annotation.", ""), JSON.parse(row.payload).value, row.wb_user_id]);
  const render = () =>
    renderApp({
      path: `/queues/${queueId}/items/${item.id}`,
      defaults: urlsOf(server.settings),
      fetch: wrapFetch(server.fetch),
    });
  return { server, clients, specs, item, answers, render };
}

/** Holds the first read of the call's answers until `release`: keys are pressed before they arrive. */
function holdFirstAnswersRead() {
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  const wrap =
    (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init) => {
      if (first && String(input).endsWith("/feedback/query")) {
        first = false;
        await held;
      }
      return fetch(input, init);
    };
  return { wrap, release: () => release?.() };
}

describe("annotating an item", () => {
  it("answers each question by click and by number keys, one answer per question, with the guidelines shown", async () => {
    const { answers, render } = await setup();
    const { user } = render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    expect(screen.getByText("Be kind, be exact.")).toBeInTheDocument();
    expect(tone).toHaveAccessibleDescription(/How the answer sounds/);
    await user.click(within(tone).getByRole("radio", { name: /^4/ }));
    await waitFor(() => expect(answers()).toEqual([["tone", 4, "user-demo"]]));

    // The keys answer the highlighted question (Tone, first) and move to the next one.
    await user.keyboard("5");
    await waitFor(() => expect(within(tone).getByRole("radio", { name: /^5/ })).toBeChecked());
    await user.keyboard("2");
    await user.keyboard("1");
    await waitFor(() =>
      expect(answers()).toEqual([
        ["tone", 5, "user-demo"],
        ["resolution", "Partly resolved", "user-demo"],
        ["follows_policy", true, "user-demo"],
      ]),
    );

    const comment = within(screen.getByRole("group", { name: "Comment" })).getByRole("textbox");
    await user.type(comment, "Names the amount.");
    expect(screen.getByText("483 characters left")).toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(answers().at(-1)).toEqual(["reviewer_comment", "Names the amount.", "user-demo"]));
  }, 60_000);

  it("shows what other annotators answered, and who set a shared answer", async () => {
    const { server, specs, item, render } = await setup();
    // Other reviewers' answers, stored as the service stores them.
    const insert = server.db.prepare(
      "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const answer = (id: string, type: string, ref: string, value: unknown, by: string) =>
      insert.run(
        id,
        PROJECT,
        callRef(PROJECT, item.call_id),
        by,
        new Date().toISOString(),
        `wandb.annotation.${type}`,
        JSON.stringify({ value }),
        ref,
      );
    answer("f-maria-tone", "tone", specs.tone, 3, "user-maria");
    answer("f-kenji-resolution", "resolution", specs.resolution, "Resolved", "user-kenji");
    render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    expect(await within(tone).findByText(/Others:/, {}, SLOW)).toHaveTextContent("Others: user-maria 3");
    // Tone is per annotator: mine is not answered yet.
    expect(
      within(tone)
        .getAllByRole("radio")
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    const resolution = screen.getByRole("group", { name: "Resolution" });
    expect(within(resolution).getByRole("radio", { name: /^Resolved/ })).toBeChecked();
    expect(within(resolution).getByText(/Shared answer, set by/)).toHaveTextContent("Shared answer, set by user-kenji");
  }, 60_000);

  it("keeps a refused answer on screen with the reason, and Retry saves it", async () => {
    let refuse = true;
    const { answers, render } = await setup((fetch) => async (input, init) => {
      // The answer's create, not the claim record its first answer leaves.
      if (refuse && String(input).endsWith("/feedback/create") && String(init?.body).includes("wandb.annotation.")) {
        refuse = false;
        return new Response(JSON.stringify({ reason: "Answers are paused for maintenance" }), {
          status: 400,
          headers: { "Content-Type": "application/json" },
        });
      }
      return fetch(input, init);
    });
    const { user } = render();
    const yesNo = await screen.findByRole("group", { name: "Follows the refund policy" }, SLOW);
    fireEvent.click(within(yesNo).getByRole("radio", { name: /^No/ }));
    expect(await within(yesNo).findByText(/Not saved:/, {}, SLOW)).toBeInTheDocument();
    expect(within(yesNo).getByRole("radio", { name: /^No/ })).toBeChecked();
    await user.click(within(yesNo).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(answers()).toEqual([["follows_policy", false, "user-demo"]]));
    expect(within(yesNo).queryByText(/Not saved:/)).not.toBeInTheDocument();
  }, 60_000);

  it("keeps a note thread: add one, see it, delete my own, and keep what was typed when the service refuses", async () => {
    let refuse = true;
    const { server, item, render } = await setup((fetch) => async (input, init) => {
      if (refuse && String(input).endsWith("/feedback/create") && String(init?.body).includes("wandb.note.1")) {
        refuse = false;
        return new Response(JSON.stringify({ reason: "The service is busy" }), {
          status: 503,
          headers: { "Content-Type": "application/json" },
        });
      }
      return fetch(input, init);
    });
    server.db
      .prepare(
        "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        "f-maria-note",
        PROJECT,
        callRef(PROJECT, item.call_id),
        "user-maria",
        new Date().toISOString(),
        "wandb.note.1",
        JSON.stringify({ note: "Check the refund amount" }),
      );
    const { user } = render();
    expect(await screen.findByText("Check the refund amount", {}, SLOW)).toBeInTheDocument();
    // Not mine: no delete.
    expect(screen.queryByRole("button", { name: "Delete my note" })).not.toBeInTheDocument();
    const box = screen.getByRole("textbox", { name: "A note on this call" });
    await user.type(box, "Amount is right");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("The note was not saved", {}, SLOW)).toBeInTheDocument();
    expect(box).toHaveValue("Amount is right");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(
      () =>
        expect(screen.getAllByRole("listitem").some((li) => li.textContent?.includes("Amount is right"))).toBe(true),
      SLOW,
    );
    await waitFor(() => expect(box).toHaveValue(""));
    await user.click(screen.getByRole("button", { name: "Delete my note" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete my note" })).not.toBeInTheDocument());
    const notes = server.db
      .prepare("SELECT wb_user_id FROM trace_feedback WHERE feedback_type = 'wandb.note.1'")
      .pluck()
      .all();
    expect(notes).toEqual(["user-maria"]);
  }, 60_000);

  it("sends a note so that the browser finishes it after the page is gone (keepalive)", async () => {
    const noteWrites: boolean[] = [];
    const { render } = await setup((fetch) => async (input, init) => {
      const body = typeof init?.body === "string" ? init.body : "";
      if (String(input).endsWith("/feedback/create") && body.includes("wandb.note.1"))
        noteWrites.push(init?.keepalive ?? false);
      return fetch(input, init);
    });
    const { user } = render();
    const box = await screen.findByRole("textbox", { name: "A note on this call" }, SLOW);
    await user.type(box, "Refund checked");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(box).toHaveValue(""), SLOW);
    expect(noteWrites).toEqual([true]);
  }, 60_000);

  it("saves a typed answer that was not saved yet when the review moves on", async () => {
    const { answers, render } = await setup();
    const { user } = render();
    const comment = within(await screen.findByRole("group", { name: "Comment" }, SLOW)).getByRole("textbox");
    await user.type(comment, "Half a thought");
    // n moves to the next item at once: the comment was neither left nor paused on.
    fireEvent.keyDown(document.body, { key: "n" });
    await waitFor(() => expect(answers()).toEqual([["reviewer_comment", "Half a thought", "user-demo"]]), SLOW);
  }, 60_000);

  it("completing with required questions unanswered: the first press names them and completes nothing, the second completes", async () => {
    const { server, item, render } = await setup();
    const { user } = render();
    const state = () =>
      server.db.prepare("SELECT annotation_state FROM annotation_queue_items WHERE id = ?").pluck().get(item.id);
    await screen.findByRole("group", { name: "Tone" }, SLOW);
    await user.keyboard("4");
    await user.keyboard("c");
    // The seed's Comment is optional: the two required questions left are the ones named.
    expect(await screen.findByText(/Not completed yet/, {}, SLOW)).toHaveTextContent(
      "2 questions are unanswered: Resolution, Follows the refund policy.",
    );
    // Not completed: the answer started the item, nothing more.
    await waitFor(() => expect(state()).toBe("in_progress"), SLOW);
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
  }, 60_000);

  it("a held key acts once: a held c warns without completing, a held number answers one question", async () => {
    const { server, item, answers, render } = await setup();
    const { user } = render();
    const state = () =>
      server.db.prepare("SELECT annotation_state FROM annotation_queue_items WHERE id = ?").pluck().get(item.id);
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    await waitFor(() => expect(tone).toBeEnabled(), SLOW);
    fireEvent.keyDown(document.body, { key: "4" });
    fireEvent.keyDown(document.body, { key: "4", repeat: true });
    await waitFor(() => expect(answers()).toEqual([["tone", 4, "user-demo"]]), SLOW);
    fireEvent.keyDown(document.body, { key: "c" });
    fireEvent.keyDown(document.body, { key: "c", repeat: true });
    expect(await screen.findByText(/Not completed yet/, {}, SLOW)).toBeInTheDocument();
    // Not completed: the answer started the item, nothing more.
    await waitFor(() => expect(state()).toBe("in_progress"), SLOW);
    expect(answers()).toEqual([["tone", 4, "user-demo"]]);
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
  }, 60_000);

  it("completes at the first press once every question is answered, comment typed by keyboard (j, e, Esc)", async () => {
    const { server, item, answers, render } = await setup();
    const { user } = render();
    const state = () =>
      server.db.prepare("SELECT annotation_state FROM annotation_queue_items WHERE id = ?").pluck().get(item.id);
    await screen.findByRole("group", { name: "Tone" }, SLOW);
    await user.keyboard("5");
    await user.keyboard("k");
    await user.keyboard("j");
    await user.keyboard("2");
    await user.keyboard("2");
    // The comment is highlighted: e goes into it (the e itself is not typed), Esc leaves it and the item.
    await user.keyboard("e");
    const comment = within(screen.getByRole("group", { name: "Comment" })).getByRole("textbox");
    expect(comment).toHaveFocus();
    await user.keyboard("Fine");
    await user.keyboard("{Escape}");
    expect(comment).not.toHaveFocus();
    expect(comment).toHaveValue("Fine");
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
    expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument();
    expect(answers()).toEqual([
      ["tone", 5, "user-demo"],
      ["resolution", "Partly resolved", "user-demo"],
      ["follows_policy", false, "user-demo"],
      ["reviewer_comment", "Fine", "user-demo"],
    ]);
  }, 60_000);

  it("names an answer refused after the review moved on, with the way back to its item", async () => {
    let release: (() => void) | undefined;
    const { render } = await setup((fetch) => async (input, init) => {
      if (String(input).endsWith("/feedback/create")) {
        // Held until the review has moved on, then refused.
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(JSON.stringify({ reason: "Answers are paused for maintenance" }), {
          status: 400,
          headers: { "Content-Type": "application/json" },
        });
      }
      return fetch(input, init);
    });
    const { user, router } = render();
    await screen.findByRole("group", { name: "Tone" }, SLOW);
    const itemOneAddress = router.location.pathname;
    await user.keyboard("3");
    await user.keyboard("n");
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Item 2"), SLOW);
    // The address follows the item after its paint. (A browser drops a write still waiting when a link changes its
    // address first; this router's links do not change the browser's address.)
    await waitFor(() => expect(router.location.pathname).not.toBe(itemOneAddress), SLOW);
    release?.();
    const notice = await screen.findByRole("alert", {}, SLOW);
    expect(notice).toHaveTextContent("An answer on an earlier item was not saved");
    expect(notice).toHaveTextContent("Tone: 3");
    await user.click(within(notice).getByRole("link", { name: "Open that item" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Item 1"), SLOW);
    // On its own item the answer waits beside its question, with Retry; the notice is gone.
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    expect(within(tone).getByText(/Not saved:/)).toBeInTheDocument();
    expect(within(tone).getByRole("radio", { name: /^3/ })).toBeChecked();
    expect(screen.queryByText("An answer on an earlier item was not saved")).not.toBeInTheDocument();
  }, 60_000);

  it("keeps keys pressed before the answers given so far arrive, and saves them once it knows the row each replaces", async () => {
    const answersRead = holdFirstAnswersRead();
    const { server, specs, item, answers, render } = await setup(answersRead.wrap);
    // Someone else's shared answer is already there: the key pressed early must replace it, not add a second one.
    server.db
      .prepare(
        "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        "f-kenji-resolution",
        PROJECT,
        callRef(PROJECT, item.call_id),
        "user-kenji",
        new Date(Date.now() - 60_000).toISOString(),
        "wandb.annotation.resolution",
        JSON.stringify({ value: "Resolved" }),
        specs.resolution,
      );
    const { user } = render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    expect(screen.getByText("Reading the answers given so far…")).toBeInTheDocument();
    // Pressed the moment the item shows: shown at once, sent once the answers are here.
    await user.keyboard("4");
    await user.keyboard("2");
    expect(within(tone).getByRole("radio", { name: /^4/ })).toBeChecked();
    expect(answers()).toEqual([["resolution", "Resolved", "user-kenji"]]);
    answersRead.release();
    await waitFor(
      () =>
        expect(answers()).toEqual([
          ["tone", 4, "user-demo"],
          ["resolution", "Partly resolved", "user-demo"],
        ]),
      SLOW,
    );
    expect(screen.queryByText("Reading the answers given so far…")).not.toBeInTheDocument();
  }, 60_000);

  it("completes at the first press when every question was answered before the call's answers arrived", async () => {
    const answersRead = holdFirstAnswersRead();
    const { server, item, answers, render } = await setup(answersRead.wrap);
    const { user } = render();
    const state = () =>
      server.db.prepare("SELECT annotation_state FROM annotation_queue_items WHERE id = ?").pluck().get(item.id);
    await screen.findByRole("group", { name: "Tone" }, SLOW);
    expect(screen.getByText("Reading the answers given so far…")).toBeInTheDocument();
    await user.keyboard("421e");
    await user.keyboard("Fine");
    await user.keyboard("{Escape}");
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
    expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument();
    answersRead.release();
    await waitFor(() => expect(answers()).toHaveLength(4), SLOW);
  }, 60_000);

  it("Esc in any field of the panel (the notes box, a choice) leaves the field and keeps the item and what was typed", async () => {
    const { render } = await setup();
    const { user } = render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    const heading = screen.getByRole("heading", { level: 1 }).textContent;
    const box = screen.getByRole("textbox", { name: "A note on this call" });
    await user.type(box, "Half a note");
    await user.keyboard("{Escape}");
    expect(box).not.toHaveFocus();
    expect(box).toHaveValue("Half a note");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(heading!);
    await waitFor(() => expect(tone).toBeEnabled(), SLOW);
    within(tone).getByRole("radio", { name: /^3/ }).focus();
    await user.keyboard("{Escape}");
    expect(within(tone).getByRole("radio", { name: /^3/ })).not.toHaveFocus();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(heading!);
    // With nothing focused, Esc goes back to the table.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("group", { name: "Tone" })).not.toBeInTheDocument(), SLOW);
  }, 60_000);

  it("reads the answers on the next items' calls ahead, so they are there when the review moves on", async () => {
    const { server, clients, render } = await setup();
    const [, second] = (
      await clients.trace.queryItems((await clients.trace.queryQueues({ project_id: PROJECT }))[0]!.id, {
        project_id: PROJECT,
        limit: 2,
      })
    ).items;
    render();
    await screen.findByRole("group", { name: "Tone" }, SLOW);
    const askedFor = async () => {
      const bodies = await Promise.all(
        server.requests.filter((r) => r.url.endsWith("/feedback/query")).map((r) => r.clone().text()),
      );
      return bodies.some((body) => body.includes(second!.call_id));
    };
    await waitFor(async () => expect(await askedFor()).toBe(true), SLOW);
  }, 60_000);
});

describe("blind review", () => {
  it("hides others' answers until every required question is answered, and says so in one line", async () => {
    const { server, clients, specs, item, render } = await setup();
    await clients.trace.createObject({
      obj: {
        project_id: PROJECT,
        object_id: teamSettingsObjectId(item.queue_id),
        val: valueFromSettings(item.queue_id, { ...DEFAULT_TEAM_SETTINGS, blindReview: true }),
      },
    });
    answerWriter(
      server.db,
      PROJECT,
    )({
      id: "maria-tone",
      callId: item.call_id,
      user: "user-maria",
      at: Date.now() - 60_000,
      question: "tone",
      value: 2,
      ref: specs.tone,
    });
    const { user } = render();
    const line = "Others' answers are hidden until you answer: blind review";
    expect(await screen.findByText(line, {}, SLOW)).toBeInTheDocument();
    const tone = screen.getByRole("group", { name: "Tone" });
    expect(within(tone).queryByText("user-maria")).toBeNull();

    // The rating alone is not enough: the choice and the yes/no are required too (the comment is optional).
    await user.keyboard("4");
    await waitFor(() => expect(within(tone).getByRole("radio", { name: /^4/ })).toBeChecked());
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(within(tone).queryByText("user-maria")).toBeNull();
    await user.keyboard("1");
    await user.keyboard("1");
    await waitFor(() => expect(screen.queryByText(line)).toBeNull(), SLOW);
    expect(within(tone).getByText("user-maria")).toBeInTheDocument();
    expect(within(tone).getByText("Others:", { exact: false })).toHaveTextContent("Others: user-maria 2");
  }, 60_000);
});
