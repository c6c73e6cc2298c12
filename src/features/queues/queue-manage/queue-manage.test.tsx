import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createObject } from "@server/trace/objects/objects";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { DEMO_QUESTIONS, seedQuestions } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { teamSettingsObjectId } from "../team/team-settings";

const PROJECT = "demo/support-bot";
/** Generous: these render the whole app in jsdom, which is slow on a busy machine. */
const SLOW = { timeout: 10_000 };

type Fault = (request: Request) => Response | Promise<Response> | null;

/** The app over the in-process services; `fault` may answer a request instead of the service (null: pass it on). */
function setup(path = "/queues", fault?: Fault) {
  const server = createLocalServer();
  storeSettings(server, PROJECT);
  const specs = seedQuestions(server.db, PROJECT, DEMO_QUESTIONS);
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const answer = fault?.(new Request(input, init));
    return answer ?? server.fetch(input, init);
  };
  const render = () => renderApp({ path, defaults: urlsOf(server.settings), fetch });
  return { server, clients, specs, render };
}

/** Creates, edits and deletes of queues the app sent (not its reads, which are POSTs too). */
/** Answers a create as a service that refuses the name would. */
const refuseName: Fault = (request) =>
  request.method === "POST" && new URL(request.url).pathname.endsWith("/annotation_queues")
    ? Response.json(
        { detail: [{ loc: ["body", "name"], msg: "is already used by another queue", type: "value_error" }] },
        { status: 422 },
      )
    : null;

const queueWrites = (server: ReturnType<typeof createLocalServer>) =>
  server.requests.filter(
    (r) =>
      (r.method === "POST" && new URL(r.url).pathname.endsWith("/annotation_queues")) ||
      r.method === "PUT" ||
      r.method === "DELETE",
  );

/** Objects the app stored (the queues' team settings, here). */
const objectWrites = (server: ReturnType<typeof createLocalServer>) =>
  server.requests.filter((r) => new URL(r.url).pathname.endsWith("/obj/create"));

/** The latest stored team settings of a queue, as the service holds them. */
const storedTeamSettings = async (clients: ReturnType<typeof createApiClients>, queueId: string) =>
  (await clients.trace.readObject({ project_id: PROJECT, object_id: teamSettingsObjectId(queueId), digest: "latest" }))
    .val;

/** The list's notice after a delete (the name is isolated in its own element, so the text is split). */
const expectDeletedNotice = (name: string) =>
  waitFor(
    () =>
      expect(screen.getAllByRole("status").map((el) => el.textContent)).toContain(
        `Deleted the queue “${name}”. Its answers and progress are kept on the service.Dismiss`,
      ),
    SLOW,
  );

describe("new queue", () => {
  it("creates a queue with a trimmed name, guidelines and two questions in the chosen order, then opens it", async () => {
    const { server, clients, specs, render } = setup();
    const { user, router } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    expect(within(dialog).getByLabelText("Name")).toHaveFocus();

    await user.type(within(dialog).getByLabelText("Name"), "  Refund tone  ");
    await user.type(within(dialog).getByLabelText("Guidelines"), "Be fair.{Enter}Read the whole answer.");
    const toAdd = await within(dialog).findByRole("list", { name: "Specs to add" }, SLOW);
    // Each spec says what answering it asks for.
    expect(within(toAdd).getByText("Rating 1-5")).toBeInTheDocument();
    expect(
      within(toAdd).getByText("Categories: Resolved, Partly resolved, Not resolved, Made it worse"),
    ).toBeInTheDocument();
    expect(within(toAdd).getByText("Yes/no")).toBeInTheDocument();
    expect(within(toAdd).getByText("Text up to 500 chars, optional")).toBeInTheDocument();
    await user.click(within(toAdd).getByRole("button", { name: "Add Tone" }));
    await user.click(within(toAdd).getByRole("button", { name: "Add Resolution" }));
    const chosen = within(dialog).getByRole("list", { name: "Chosen questions" });
    await user.click(within(chosen).getByRole("button", { name: "Move Resolution up" }));
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Resolution"), expect.stringContaining("Tone")]);

    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/queues\/[^/]+$/), SLOW);
    const id = decodeURIComponent(router.location.pathname.split("/")[2]!);
    const queue = await clients.trace.readQueue(PROJECT, id);
    expect(queue).toMatchObject({
      name: "Refund tone",
      description: "Be fair.\nRead the whole answer.",
      scorer_refs: [specs.resolution, specs.tone],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Refund tone" }, SLOW)).toBeInTheDocument();
    expect(queueWrites(server)).toHaveLength(1);
    // The team settings were left at their defaults: no settings object is written.
    expect(objectWrites(server)).toHaveLength(0);
  }, 60_000);

  it("makes a question on the spot: the spec editor takes the dialog's place, and the saved spec joins the questions", async () => {
    const { clients, render } = setup();
    const { user, router } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "Escalations");
    await user.click(within(dialog).getByRole("button", { name: "New question…" }));

    const editor = await screen.findByRole("form", { name: "New spec" }, SLOW);
    expect(screen.getByRole("dialog", { name: "New question" })).toBeInTheDocument();
    // The focus goes into the editor (not left on the page behind the dialog).
    await waitFor(() => expect(within(editor).getByRole("textbox", { name: "Question" })).toHaveFocus());
    await user.type(within(editor).getByRole("textbox", { name: "Question" }), "Needs a human");
    await user.click(within(editor).getByRole("radio", { name: "Yes/no" }));
    await user.click(screen.getByRole("button", { name: "Create spec" }));

    // Back on the queue, with what was typed and the new question chosen.
    const back = await screen.findByRole("dialog", { name: "New queue" }, SLOW);
    expect(within(back).getByLabelText("Name")).toHaveValue("Escalations");
    await waitFor(() => expect(within(back).getByRole("button", { name: "New question…" })).toHaveFocus());
    await waitFor(
      () => expect(within(back).getByRole("list", { name: "Chosen questions" })).toHaveTextContent("Needs a human"),
      SLOW,
    );
    await user.click(within(back).getByRole("button", { name: "Create queue" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/queues\/[^/]+$/), SLOW);
    const queue = await clients.trace.readQueue(PROJECT, decodeURIComponent(router.location.pathname.split("/")[2]!));
    expect(queue.scorer_refs).toEqual([
      expect.stringMatching(/^weave:\/\/\/demo\/support-bot\/object\/needs_a_human:/),
    ]);
  }, 60_000);

  it("keeps the focus on a control of the same kind when the pressed one vanishes or is disabled", async () => {
    const { render } = setup();
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    const toAdd = await within(dialog).findByRole("list", { name: "Specs to add" }, SLOW);
    // Added: the next spec's Add takes the focus (the list is in name order: Comment, Follows the
    // refund policy, Resolution, Tone); after the last, the one before.
    expect(
      within(toAdd)
        .getAllByRole("button", { name: /^Add / })
        .map((b) => b.getAttribute("aria-label") ?? b.textContent),
    ).toEqual(["Add Comment", "Add Follows the refund policy", "Add Resolution", "Add Tone"]);
    await user.click(within(toAdd).getByRole("button", { name: "Add Resolution" }));
    await waitFor(() => expect(within(toAdd).getByRole("button", { name: "Add Tone" })).toHaveFocus());
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(within(toAdd).getByRole("button", { name: "Add Follows the refund policy" })).toHaveFocus(),
    );
    const chosen = within(dialog).getByRole("list", { name: "Chosen questions" });
    // Moved to the top, where "up" is disabled: "down" of the same question takes the focus.
    await user.click(within(chosen).getByRole("button", { name: "Move Tone up" }));
    await waitFor(() => expect(within(chosen).getByRole("button", { name: "Move Tone down" })).toHaveFocus());
    expect(within(chosen).getAllByRole("listitem")[0]).toHaveTextContent("Tone");
    // Removed: the Remove of the question now in its place.
    await user.click(within(chosen).getByRole("button", { name: "Remove Tone" }));
    await waitFor(() => expect(within(chosen).getByRole("button", { name: "Remove Resolution" })).toHaveFocus());
  }, 60_000);

  it("needs a name, sends nothing without one, and searches the specs when there are many", async () => {
    const { server, render } = setup();
    seedQuestions(server.db, PROJECT, ["escalated_correctly", "unsupported_claims", "summary_accuracy"]);
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));
    expect(await within(dialog).findByText("Give the queue a name.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(queueWrites(server)).toHaveLength(0);

    const search = await within(dialog).findByLabelText("Search the project's specs", {}, SLOW);
    await user.type(search, "refund policy");
    const toAdd = within(dialog).getByRole("list", { name: "Specs to add" });
    expect(within(toAdd).getAllByRole("listitem")).toHaveLength(1);
    expect(within(toAdd).getByRole("button", { name: "Add Follows the refund policy" })).toBeInTheDocument();
  }, 60_000);

  it("lists at most 100 specs to add and says a search finds the others", async () => {
    const { server, render } = setup();
    for (let i = 0; i < 120; i++) {
      createObject(server.db, {
        projectId: PROJECT,
        objectId: `bulk_${String(i).padStart(3, "0")}`,
        val: { name: `Bulk ${i}`, field_schema: { type: "boolean" } },
        builtinClass: "AnnotationSpec",
        userId: "user-demo",
      });
    }
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    const toAdd = await within(dialog).findByRole("list", { name: "Specs to add" }, SLOW);
    expect(within(toAdd).getAllByRole("listitem")).toHaveLength(100);
    expect(within(dialog).getByText("Showing 100 of 124 specs. Search to find the others.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Search the project's specs"), "Bulk 119");
    expect(within(toAdd).getAllByRole("listitem")).toHaveLength(1);
  }, 60_000);

  it("shows the service's 422 beside the field it names and keeps what was typed", async () => {
    const { render } = setup("/queues", refuseName);
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "Duplicate");
    await user.type(within(dialog).getByLabelText("Guidelines"), "Kept");
    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));
    expect(await within(dialog).findByText("is already used by another queue", {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Duplicate");
    expect(within(dialog).getByLabelText("Name")).toHaveAccessibleDescription("is already used by another queue");
    expect(within(dialog).getByLabelText("Guidelines")).toHaveValue("Kept");
    expect(within(dialog).queryByRole("alert")).toBeNull();
  }, 60_000);

  it("offers Retry after a network failure, keeping the form, and the retry creates the queue once", async () => {
    let failures = 1;
    const dropOnce: Fault = (request) => {
      if (request.method === "POST" && new URL(request.url).pathname.endsWith("/annotation_queues") && failures > 0) {
        failures -= 1;
        throw new TypeError("Failed to fetch");
      }
      return null;
    };
    const { server, render } = setup("/queues", dropOnce);
    const { user, router } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "Flaky network");
    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));
    const alert = await within(dialog).findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("Could not create the queue");
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Flaky network");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/queues\/[^/]+$/), SLOW);
    expect(queueWrites(server)).toHaveLength(1);
  }, 60_000);

  it("closes on Escape when nothing was typed, and asks before discarding typed text", async () => {
    const { render } = setup();
    const { user } = render();
    const open = await screen.findByRole("button", { name: "New queue" }, SLOW);
    await user.click(open);
    await screen.findByRole("dialog", { name: "New queue" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "Half typed");
    await user.keyboard("{Escape}");
    const ask = await within(dialog).findByRole("alert");
    expect(ask).toHaveTextContent("Discard your changes?");
    expect(within(ask).getByRole("button", { name: "Keep editing" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Half typed");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(within(await within(dialog).findByRole("alert")).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  }, 60_000);
});

describe("edit and delete a queue", () => {
  it("edits from the queue's page with the form prefilled, warns when a removed question has answers, and shows the change", async () => {
    const { server, clients, specs } = setup();
    const { id } = await clients.trace.createQueue({
      project_id: PROJECT,
      name: "Tone check",
      description: "Old guidelines",
      scorer_refs: [specs.tone, specs.resolution],
    });
    const callId = "0192aaaa-0000-7000-8000-00000000beef";
    await clients.trace.createFeedback({
      project_id: PROJECT,
      weave_ref: `weave:///${PROJECT}/call/${callId}`,
      feedback_type: "wandb.annotation.tone",
      annotation_ref: specs.tone,
      payload: { value: 4 },
    });
    const { user } = renderApp({ path: `/queues/${id}`, defaults: urlsOf(server.settings), fetch: server.fetch });

    await user.click(await screen.findByRole("button", { name: "Edit queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Edit queue" });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Tone check");
    expect(within(dialog).getByLabelText("Guidelines")).toHaveValue("Old guidelines");
    const chosen = within(dialog).getByRole("list", { name: "Chosen questions" });
    await within(chosen).findByText("Tone", {}, SLOW);
    await user.click(within(chosen).getByRole("button", { name: "Remove Tone" }));
    expect(await within(dialog).findByRole("note", {}, SLOW)).toHaveTextContent(
      "“Tone” has answers. They stay stored, but this queue will no longer ask it.",
    );

    await user.clear(within(dialog).getByLabelText("Name"));
    await user.type(within(dialog).getByLabelText("Name"), "Resolution check");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), SLOW);
    expect(screen.getByRole("heading", { level: 1, name: "Resolution check" })).toBeInTheDocument();
    expect(await clients.trace.readQueue(PROJECT, id)).toMatchObject({
      name: "Resolution check",
      description: "Old guidelines",
      scorer_refs: [specs.resolution],
    });
  }, 60_000);

  it("deletes from the queue's page after a confirmation naming it, then lists the queues with a notice", async () => {
    const { server, clients } = setup();
    const id = seedLargeQueue(server.db, { projectId: PROJECT, items: 3, name: "Old audit" });
    seedLargeQueue(server.db, { projectId: PROJECT, items: 3, name: "Kept queue" });
    const { user, router } = renderApp({
      path: `/queues/${id}`,
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
    });

    await user.click(await screen.findByRole("button", { name: "Delete Old audit" }, SLOW));
    const confirm = await screen.findByRole("dialog", { name: "Delete the queue “Old audit”?" });
    expect(confirm).toHaveAccessibleDescription(
      /Its items disappear from the dashboard.*answers and progress recorded in it are kept on the service/,
    );
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(confirm).getByRole("button", { name: "Delete queue" }));

    await waitFor(() => expect(router.location.pathname).toBe("/queues"), SLOW);
    await expectDeletedNotice("Old audit");
    const table = await screen.findByRole("table", { name: "Annotation queues" }, SLOW);
    await waitFor(() => expect(within(table).queryByRole("link", { name: "Old audit" })).toBeNull(), SLOW);
    expect(within(table).getByRole("link", { name: "Kept queue" })).toBeInTheDocument();
    await expect(clients.trace.readQueue(PROJECT, id)).rejects.toMatchObject({ kind: "not_found" });
  }, 60_000);

  it("a click inside a dialog opened from a list row stays in the dialog (it does not open the row's queue)", async () => {
    const { server } = setup();
    seedLargeQueue(server.db, { projectId: PROJECT, items: 2, name: "Audit one" });
    const { user, router } = renderApp({ path: "/queues", defaults: urlsOf(server.settings), fetch: server.fetch });
    const table = await screen.findByRole("table", { name: "Annotation queues" }, SLOW);
    await user.click(within(table).getByRole("button", { name: "Edit Audit one" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit queue" });
    await user.click(within(dialog).getByLabelText("Guidelines"));
    await user.click(within(dialog).getByText("Guidelines"));
    expect(router.location.pathname).toBe("/queues");
    expect(screen.getByRole("dialog", { name: "Edit queue" })).toBeInTheDocument();
  }, 60_000);

  it("offers a spec the queue asks in an older version only as 'Use latest', never as a second question", async () => {
    const { server, clients, specs } = setup();
    const { id } = await clients.trace.createQueue({
      project_id: PROJECT,
      name: "Tone check",
      scorer_refs: [specs.tone],
    });
    // Tone gets a second version after the queue was made.
    const { digest } = createObject(server.db, {
      projectId: PROJECT,
      objectId: "tone",
      val: { name: "Tone", field_schema: { type: "integer", minimum: 1, maximum: 7 } },
      builtinClass: "AnnotationSpec",
      userId: "user-demo",
    });
    const { user } = renderApp({ path: `/queues/${id}`, defaults: urlsOf(server.settings), fetch: server.fetch });
    await user.click(await screen.findByRole("button", { name: "Edit queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Edit queue" });
    await within(dialog).findByRole("button", { name: "Ask the latest version of Tone" }, SLOW);
    const toAdd = await within(dialog).findByRole("list", { name: "Specs to add" }, SLOW);
    expect(within(toAdd).queryByRole("button", { name: "Add Tone" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Ask the latest version of Tone" }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(
      async () =>
        expect((await clients.trace.readQueue(PROJECT, id)).scorer_refs).toEqual([
          `weave:///${PROJECT}/object/tone:${digest}`,
        ]),
      SLOW,
    );
  }, 60_000);

  it("deletes from the list's row actions and keeps the search", async () => {
    const { server } = setup();
    seedLargeQueue(server.db, { projectId: PROJECT, items: 2, name: "Audit one" });
    seedLargeQueue(server.db, { projectId: PROJECT, items: 2, name: "Audit two" });
    const { user, router } = renderApp({
      path: "/queues?q=audit",
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
    });
    const table = await screen.findByRole("table", { name: "Annotation queues" }, SLOW);
    await user.click(within(table).getByRole("button", { name: "Delete Audit one" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete queue" }));
    await expectDeletedNotice("Audit one");
    expect(router.location.search).toBe("?q=audit");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2), SLOW);
  }, 60_000);

  it("says a deleted queue was deleted on its items and review pages, instead of an error", async () => {
    const { server, clients } = setup();
    const id = seedLargeQueue(server.db, { projectId: PROJECT, items: 2, name: "Gone" });
    const [item] = (await clients.trace.queryItems(id, { project_id: PROJECT })).items;
    await clients.trace.deleteQueue(PROJECT, id);
    for (const path of [`/queues/${id}`, `/queues/${id}/items/${item!.id}`]) {
      const view = renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch });
      expect(await screen.findByText(`${PROJECT} has no queue with this id`, {}, SLOW)).toBeInTheDocument();
      expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.getByRole("link", { name: "Go to the annotation queues" })).toHaveAttribute("href", "/queues");
      view.unmount();
    }
  }, 60_000);

  it("a review open while its queue is deleted says so at the next state change", async () => {
    const { server, clients } = setup();
    const id = seedLargeQueue(server.db, { projectId: PROJECT, items: 3, name: "Deleted meanwhile" });
    const [item] = (await clients.trace.queryItems(id, { project_id: PROJECT })).items;
    const { user } = renderApp({
      path: `/queues/${id}/items/${item!.id}`,
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
    });
    await screen.findByRole("group", { name: "Set the item's state" }, SLOW);
    await clients.trace.deleteQueue(PROJECT, id);
    await user.keyboard("c");
    expect(await screen.findByText(`${PROJECT} has no queue with this id`, {}, SLOW)).toBeInTheDocument();
  }, 60_000);
});

/** Types `value` into the dialog's number field named `label`, replacing what it held. */
const retype = async (
  user: ReturnType<typeof renderApp>["user"],
  dialog: HTMLElement,
  label: string,
  value: string,
) => {
  const field = within(dialog).getByRole("spinbutton", { name: label });
  await user.clear(field);
  await user.type(field, value);
};

describe("a queue's team settings", () => {
  it("are set when the queue is made: the settings object lands with their values, tied to the new queue", async () => {
    const { server, clients, render } = setup();
    const { user, router } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    const team = within(dialog).getByRole("group", { name: "Team" });
    expect(within(team).getByRole("spinbutton", { name: "Claim timeout (minutes)" })).toHaveValue(30);
    expect(within(team).getByRole("spinbutton", { name: "Answers per item" })).toHaveAccessibleDescription(
      "How many annotators answer each item before it counts as done.",
    );
    expect(within(team).getByRole("checkbox", { name: "Blind review" })).toHaveAccessibleDescription(
      /others' answers on an item only once they have given their own/,
    );
    await user.type(within(dialog).getByLabelText("Name"), "Double check");
    await retype(user, dialog, "Claim timeout (minutes)", "45");
    await retype(user, dialog, "Answers per item", "2");
    await user.click(within(team).getByRole("checkbox", { name: "Blind review" }));
    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));

    await waitFor(() => expect(router.location.pathname).toMatch(/^\/queues\/[^/]+$/), SLOW);
    const id = decodeURIComponent(router.location.pathname.split("/")[2]!);
    expect(await storedTeamSettings(clients, id)).toMatchObject({
      queue_id: id,
      claim_timeout_minutes: 45,
      answers_per_item: 2,
      blind_review: true,
    });
    expect(queueWrites(server)).toHaveLength(1);
    expect(objectWrites(server)).toHaveLength(1);
  }, 60_000);

  it("say what is wrong beside the field, keep what was typed and send nothing", async () => {
    const { server, render } = setup();
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "Too many");
    await retype(user, dialog, "Answers per item", "11");
    await retype(user, dialog, "Claim timeout (minutes)", "2.5");
    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));
    const answers = within(dialog).getByRole("spinbutton", { name: "Answers per item" });
    expect(answers).toHaveAccessibleDescription(expect.stringContaining("At most 10."));
    expect(answers).toHaveAttribute("aria-invalid", "true");
    expect(answers).toHaveValue(11);
    expect(within(dialog).getByRole("spinbutton", { name: "Claim timeout (minutes)" })).toHaveAccessibleDescription(
      expect.stringContaining("A whole number of minutes from 1 to 1440."),
    );
    expect(queueWrites(server)).toHaveLength(0);
    expect(objectWrites(server)).toHaveLength(0);
  }, 60_000);

  it("open in the edit dialog as stored (after they are read), and a new version is saved only when one changed", async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The settings are read with an object query naming their object id.
    const holdSettingsRead = async (request: Request) => {
      if (!new URL(request.url).pathname.endsWith("/objs/query")) return;
      if ((await request.clone().text()).includes("queue-team-settings-")) await held;
    };
    const { server, clients } = setup();
    const { id } = await clients.trace.createQueue({ project_id: PROJECT, name: "Team queue" });
    await clients.trace.createObject({
      obj: {
        project_id: PROJECT,
        object_id: teamSettingsObjectId(id),
        val: { queue_id: id, claim_timeout_minutes: 45, answers_per_item: 3, blind_review: true },
      },
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      await holdSettingsRead(new Request(input, init));
      return server.fetch(input, init);
    };
    const { user } = renderApp({ path: `/queues/${id}`, defaults: urlsOf(server.settings), fetch });
    await user.click(await screen.findByRole("button", { name: "Edit queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Edit queue" });
    // Until the stored settings arrive the form says so, and shows no defaults as if they were stored.
    expect(within(dialog).getByText("Reading the queue's team settings…")).toBeInTheDocument();
    expect(within(dialog).queryByRole("spinbutton", { name: "Answers per item" })).toBeNull();
    release?.();
    const answers = await within(dialog).findByRole("spinbutton", { name: "Answers per item" }, SLOW);
    expect(answers).toHaveValue(3);
    expect(within(dialog).getByRole("spinbutton", { name: "Claim timeout (minutes)" })).toHaveValue(45);
    expect(within(dialog).getByRole("checkbox", { name: "Blind review" })).toBeChecked();
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining("Team: 3 answers per item · blind review · claims expire after 45 min."),
    );

    // Only the name changes: the settings object is left alone.
    await user.type(within(dialog).getByLabelText("Name"), " (team)");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), SLOW);
    // (The one object write so far is this test's own, above.)
    expect(objectWrites(server)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Edit queue" }));
    const again = await screen.findByRole("dialog", { name: "Edit queue" });
    await retype(user, again, "Answers per item", "2");
    await user.click(within(again).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), SLOW);
    expect(objectWrites(server)).toHaveLength(2);
    expect(await storedTeamSettings(clients, id)).toMatchObject({
      answers_per_item: 2,
      claim_timeout_minutes: 45,
      blind_review: true,
    });
  }, 60_000);

  it("a refused settings write says the queue was made without them, keeps the values, and Retry sends the settings alone", async () => {
    let refusals = 1;
    const refuseSettings: Fault = (request) => {
      if (!new URL(request.url).pathname.endsWith("/obj/create") || refusals === 0) return null;
      refusals -= 1;
      return Response.json(
        { detail: [{ loc: ["body", "obj", "val"], msg: "is not accepted", type: "value_error" }] },
        { status: 422 },
      );
    };
    const { server, clients, render } = setup("/queues", refuseSettings);
    const { user, router } = render();
    await user.click(await screen.findByRole("button", { name: "New queue" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(dialog).getByLabelText("Name"), "Half saved");
    await retype(user, dialog, "Answers per item", "2");
    await user.click(within(dialog).getByRole("button", { name: "Create queue" }));

    const alert = await within(dialog).findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("The queue was created, but its team settings were not saved");
    expect(within(dialog).getByRole("spinbutton", { name: "Answers per item" })).toHaveValue(2);
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Half saved");
    // The queue is stored: its own fields wait, and the next save is the settings'.
    expect(within(dialog).getByLabelText("Name")).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Save the team settings" })).toBeInTheDocument();
    expect(router.location.pathname).toBe("/queues");

    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/queues\/[^/]+$/), SLOW);
    const id = decodeURIComponent(router.location.pathname.split("/")[2]!);
    expect(await storedTeamSettings(clients, id)).toMatchObject({ queue_id: id, answers_per_item: 2 });
    expect(queueWrites(server)).toHaveLength(1);
  }, 60_000);
});
