import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createObject } from "@server/trace/objects/objects";
import { createApiClients } from "@/api/clients";
import { readLatestSpec, type SpecObject } from "@/api/spec-objects";
import { createQueueTestContext } from "@/features/queues/test-support";
import { createLocalServer } from "@/test/local-server";
import { SpecEditor } from "./spec-editor";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };

/** The editor over the in-process local services; `fetch` may be wrapped to make the service fail. */
function setup(
  options: { initial?: SpecObject; wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch } = {},
) {
  const server = createLocalServer();
  const fetch = options.wrapFetch ? options.wrapFetch(server.fetch) : server.fetch;
  const { Wrapper } = createQueueTestContext(server.settings, fetch);
  const onSaved = vi.fn<(ref: string, saved: SpecObject) => void>();
  render(<SpecEditor projectId={PROJECT} initial={options.initial ?? null} onSaved={onSaved} />, { wrapper: Wrapper });
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  return { server, clients, onSaved, user: userEvent.setup() };
}

const form = () => screen.getByRole("form", { name: "New spec" });
const field = (name: string) => within(form()).getByRole("textbox", { name });

/** The preview's question named `label`, read again each time (the preview re-renders on every change). */
const previewGroup = (label: string) =>
  within(screen.getByRole("region", { name: "Preview" })).getByRole("group", { name: label });

describe("the spec editor", () => {
  it("derives the id from the question, builds a categories spec and saves it as version 1", async () => {
    const { clients, onSaved, user } = setup();
    await user.type(field("Question"), "Resolution quality");
    expect(field("Id")).toHaveValue("resolution_quality");
    await user.click(within(form()).getByRole("radio", { name: "Categories" }));
    await user.type(within(form()).getByRole("textbox", { name: "Category 1" }), "Resolved{Enter}");
    // Enter went on to the second box (still empty), then added a third after it.
    expect(within(form()).getByRole("textbox", { name: "Category 2" })).toHaveFocus();
    await user.keyboard("Partly{Enter}");
    expect(within(form()).getByRole("textbox", { name: "Category 3" })).toHaveFocus();
    await user.keyboard("Not resolved");
    await user.click(within(form()).getByRole("button", { name: "Move “Not resolved” up" }));
    // The focus follows the moved category, so the same button can be pressed again.
    await waitFor(() => expect(within(form()).getByRole("button", { name: "Move “Not resolved” up" })).toHaveFocus());
    expect(
      within(form())
        .getAllByRole("textbox", { name: /^Category/ })
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(["Resolved", "Not resolved", "Partly"]);

    // The preview is the review's own question.
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(
      within(within(preview).getByRole("group", { name: "Resolution quality" })).getAllByRole("radio"),
    ).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    const [ref, saved] = onSaved.mock.calls[0]!;
    expect(ref).toMatch(/^weave:\/\/\/demo\/support-bot\/object\/resolution_quality:/);
    expect(saved.versionIndex).toBe(0);
    const stored = await readLatestSpec(clients.trace, PROJECT, "resolution_quality");
    expect(stored.fieldSchema).toEqual({ type: "string", enum: ["Resolved", "Not resolved", "Partly"] });
    expect(stored.uniqueAmongCreators).toBe(true);
  }, 30_000);

  it("says what is wrong beside each field, focuses the first, and sends nothing", async () => {
    const { server, onSaved, user } = setup();
    await user.click(within(form()).getByRole("radio", { name: "Rating" }));
    await user.clear(within(form()).getByRole("textbox", { name: "Highest rating" }));
    await user.type(within(form()).getByRole("textbox", { name: "Highest rating" }), "20");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(() => expect(field("Question")).toHaveFocus());
    expect(field("Question")).toHaveAccessibleDescription(
      expect.stringContaining("Give the question a name annotators will read."),
    );
    expect(field("Id")).toHaveAccessibleDescription(expect.stringContaining("Give the spec an id"));
    expect(within(form()).getByRole("textbox", { name: "Highest rating" })).toHaveAccessibleDescription(
      expect.stringContaining("At most 11 ratings"),
    );
    await user.click(within(form()).getByRole("radio", { name: "Categories" }));
    await user.type(within(form()).getByRole("textbox", { name: "Category 1" }), "Same");
    await user.type(within(form()).getByRole("textbox", { name: "Category 2" }), "Same");
    expect(within(form()).getByText("“Same” is listed twice: each category must be different.")).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(server.requests.some((request) => request.url.endsWith("/obj/create"))).toBe(false);
  }, 30_000);

  it("keeps what was typed when the service refuses the schema, shows why beside it, and saves once it is fixed", async () => {
    const { onSaved, user } = setup();
    await user.type(field("Question"), "Odd");
    await user.click(within(form()).getByRole("button", { name: "Edit as JSON Schema" }));
    const raw = within(form()).getByRole("textbox", { name: "JSON Schema of the answer" });
    await user.clear(raw);
    await user.click(raw);
    await user.paste('{"type": "nonsense"}');
    // Valid JSON the review cannot answer: a warning, not a block.
    expect(raw).toHaveAccessibleDescription(
      expect.stringContaining("annotators will see a notice instead of a control"),
    );
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(
      () => expect(raw).toHaveAccessibleDescription(expect.stringContaining("The service refused the schema")),
      SLOW,
    );
    expect(raw).toHaveValue('{"type": "nonsense"}');
    expect(field("Question")).toHaveValue("Odd");
    expect(onSaved).not.toHaveBeenCalled();

    // The form cannot show it; it says why and stays on the JSON.
    await user.click(within(form()).getByRole("button", { name: "Back to the form" }));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContainEqual(
      expect.stringMatching(/The form cannot show this schema: .*Keep editing it as JSON/),
    );

    await user.clear(raw);
    await user.click(raw);
    await user.paste('{"type": "boolean"}');
    await user.click(within(form()).getByRole("button", { name: "Back to the form" }));
    expect(within(form()).getByRole("radio", { name: "Yes/no" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
  }, 30_000);

  it("a 500 from a save (upstream's answer to a bad schema) is a refusal with Retry, and the form keeps everything", async () => {
    let failures = 1;
    const { onSaved, user } = setup({
      wrapFetch: (fetch) => async (input, init) => {
        const request = new Request(input, init);
        if (request.url.endsWith("/obj/create") && failures-- > 0)
          return Response.json({ reason: "Internal server error" }, { status: 500 });
        return fetch(request);
      },
    });
    await user.type(field("Question"), "Tone");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    const panel = await screen.findByRole("alert", {}, SLOW);
    expect(panel).toHaveTextContent("The spec was not saved");
    expect(panel).toHaveTextContent("Internal server error");
    expect(field("Question")).toHaveValue("Tone");
    await user.click(within(panel).getByRole("button", { name: /Retry/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
  }, 30_000);

  it("refuses a new spec whose id the project already uses instead of making it that spec's next version", async () => {
    const { server, onSaved, user } = setup();
    await user.type(field("Question"), "Tone");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), SLOW);
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(
      () =>
        expect(field("Id")).toHaveAccessibleDescription(expect.stringContaining("already has an object called “tone”")),
      SLOW,
    );
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(server.requests.filter((request) => request.url.endsWith("/obj/create"))).toHaveLength(1);
  }, 30_000);

  it("edits a spec: the id stays, saving makes the next version", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    await clients.trace.createObject({
      obj: {
        project_id: PROJECT,
        object_id: "helpful",
        val: { name: "Helpful", field_schema: { type: "boolean" } },
        builtin_object_class: "AnnotationSpec",
      },
    });
    const initial = await readLatestSpec(clients.trace, PROJECT, "helpful");
    const { Wrapper } = createQueueTestContext(server.settings, server.fetch);
    const onSaved = vi.fn<(ref: string, saved: SpecObject) => void>();
    render(<SpecEditor projectId={PROJECT} initial={initial} onSaved={onSaved} />, { wrapper: Wrapper });
    const user = userEvent.setup();
    const editForm = screen.getByRole("form", { name: "Edit the spec" });
    expect(within(editForm).getByRole("textbox", { name: "Id" })).toHaveAttribute("readonly");
    expect(within(editForm).getByRole("radio", { name: "Yes/no" })).toBeChecked();
    expect(screen.getByRole("note")).toHaveTextContent("Saving makes version 2");
    await user.click(within(editForm).getByRole("radio", { name: "Rating" }));
    await user.click(screen.getByRole("button", { name: "Save version 2" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    const latest = await readLatestSpec(clients.trace, PROJECT, "helpful");
    expect(latest).toMatchObject({
      objectId: "helpful",
      versionIndex: 1,
      fieldSchema: { type: "integer", minimum: 1, maximum: 5 },
    });
  }, 30_000);
});

describe("required or optional", () => {
  it("a question made optional is saved with the mark in its field_schema, and the preview says so", async () => {
    const { clients, onSaved, user } = setup();
    await user.type(field("Question"), "Comment");
    await user.click(within(form()).getByRole("radio", { name: "Text" }));
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(form()).getByRole("radio", { name: "Required" })).toBeChecked();
    expect(within(preview).getByRole("group", { name: "Comment" })).not.toHaveAccessibleDescription(/optional/);
    await user.click(within(form()).getByRole("radio", { name: "Optional" }));
    // Named by the question alone, marked optional beside it and in its description.
    expect(within(preview).getByRole("group", { name: "Comment" })).toHaveAccessibleDescription(/optional/);
    expect(within(within(preview).getByRole("group", { name: "Comment" })).getByText("optional")).toBeVisible();
    // The JSON view shows the question's schema; the choice stays the one control for the mark.
    await user.click(within(form()).getByRole("button", { name: "Edit as JSON Schema" }));
    expect(
      JSON.parse(
        (within(form()).getByRole("textbox", { name: "JSON Schema of the answer" }) as HTMLTextAreaElement).value,
      ),
    ).toEqual({ type: "string", maxLength: 500 });
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect((await readLatestSpec(clients.trace, PROJECT, "comment")).fieldSchema).toEqual({
      type: "string",
      maxLength: 500,
      "x-optional": true,
    });
  }, 30_000);

  it("an answer tried in the preview stays when the question is made optional", async () => {
    const { user } = setup();
    await user.type(field("Question"), "Polite");
    await user.click(within(form()).getByRole("radio", { name: "Yes/no" }));
    await user.click(within(previewGroup("Polite")).getByRole("radio", { name: /^Yes/ }));
    await user.click(within(form()).getByRole("radio", { name: "Optional" }));
    expect(within(previewGroup("Polite")).getByRole("radio", { name: /^Yes/ })).toBeChecked();
  }, 30_000);

  it("opens an optional spec with Optional chosen, and making it required drops the mark", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    await clients.trace.createObject({
      obj: {
        project_id: PROJECT,
        object_id: "note",
        val: { name: "Note", field_schema: { type: "string", "x-optional": true } },
        builtin_object_class: "AnnotationSpec",
      },
    });
    const initial = await readLatestSpec(clients.trace, PROJECT, "note");
    const { Wrapper } = createQueueTestContext(server.settings, server.fetch);
    const onSaved = vi.fn<(ref: string, saved: SpecObject) => void>();
    render(<SpecEditor projectId={PROJECT} initial={initial} onSaved={onSaved} />, { wrapper: Wrapper });
    const user = userEvent.setup();
    const editForm = screen.getByRole("form", { name: "Edit the spec" });
    expect(within(editForm).getByRole("radio", { name: "Text" })).toBeChecked();
    expect(within(editForm).getByRole("radio", { name: "Optional" })).toBeChecked();
    await user.click(within(editForm).getByRole("radio", { name: "Required" }));
    await user.click(screen.getByRole("button", { name: "Save version 2" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect((await readLatestSpec(clients.trace, PROJECT, "note")).fieldSchema).toEqual({ type: "string" });
  }, 30_000);
});

describe("two people editing one spec", () => {
  it("says someone saved a newer version meanwhile, and saves on top of it only when asked", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const create = (schema: Record<string, unknown>) =>
      clients.trace.createObject({
        obj: {
          project_id: PROJECT,
          object_id: "policy",
          val: { name: "Policy", field_schema: schema },
          builtin_object_class: "AnnotationSpec",
        },
      });
    await create({ type: "boolean" });
    const initial = await readLatestSpec(clients.trace, PROJECT, "policy");
    const { Wrapper } = createQueueTestContext(server.settings, server.fetch);
    const onSaved = vi.fn<(ref: string, saved: SpecObject) => void>();
    render(<SpecEditor projectId={PROJECT} initial={initial} onSaved={onSaved} />, { wrapper: Wrapper });
    const user = userEvent.setup();
    // Meanwhile, someone else saves version 2.
    await create({ type: "string", maxLength: 100 });
    await user.type(screen.getByRole("textbox", { name: "Description (optional)" }), "Mine");
    await user.click(screen.getByRole("button", { name: "Save version 2" }));
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("Someone saved version 2 of this spec");
    expect(onSaved).not.toHaveBeenCalled();
    expect((await readLatestSpec(clients.trace, PROJECT, "policy")).fieldSchema).toEqual({
      type: "string",
      maxLength: 100,
    });
    await user.click(within(alert).getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(await readLatestSpec(clients.trace, PROJECT, "policy")).toMatchObject({
      versionIndex: 2,
      description: "Mine",
      fieldSchema: { type: "boolean" },
    });
  }, 30_000);
});

/**
 * Someone else's save lands between this editor's check and its write: the editor's first
 * `/obj/create` is held until their version is stored (by another user of the project).
 */
function raceOnFirstCreate(theirs: () => void) {
  let raced = false;
  return (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!raced && url.endsWith("/obj/create")) {
        raced = true;
        theirs();
      }
      return fetch(input, init);
    };
}
const storeTheirs = (db: ReturnType<typeof createLocalServer>["db"], objectId: string, name: string) =>
  createObject(db, {
    projectId: PROJECT,
    objectId,
    val: { name, field_schema: { type: "string", maxLength: 100 } },
    builtinClass: "AnnotationSpec",
    userId: "user-acme",
  });

describe("two saves of one spec at the same instant", () => {
  it("an edit whose check passed before their write landed says theirs is hidden, and keeps what was typed", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    await clients.trace.createObject({
      obj: {
        project_id: PROJECT,
        object_id: "policy",
        val: { name: "Policy", field_schema: { type: "boolean" } },
        builtin_object_class: "AnnotationSpec",
      },
    });
    const initial = await readLatestSpec(clients.trace, PROJECT, "policy");
    const fetch = raceOnFirstCreate(() => storeTheirs(server.db, "policy", "Their policy"))(server.fetch);
    const { Wrapper } = createQueueTestContext(server.settings, fetch);
    const onSaved = vi.fn<(ref: string, saved: SpecObject) => void>();
    render(<SpecEditor projectId={PROJECT} initial={initial} onSaved={onSaved} />, { wrapper: Wrapper });
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Description (optional)" }), "Mine");
    await user.click(screen.getByRole("button", { name: "Save version 2" }));

    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("Saved as version 3. Version 2 was saved by user user-acme" /* then the time */);
    expect(alert).toHaveTextContent("yours is now the latest and does not contain their changes");
    expect(onSaved).not.toHaveBeenCalled();
    // Both versions are stored; ours is the latest; the editor still holds what was typed.
    expect(await readLatestSpec(clients.trace, PROJECT, "policy")).toMatchObject({
      versionIndex: 2,
      description: "Mine",
    });
    expect(screen.getByRole("textbox", { name: "Description (optional)" })).toHaveValue("Mine");
    expect(screen.getByRole("button", { name: "Save version 4" })).toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Compare with version 2" }));
    const table = within(alert).getByRole("table", { name: /Version 2 \(theirs\) and Version 3 \(yours\)/ });
    const question = within(table).getByRole("row", { name: /^Question/ });
    expect(question).toHaveTextContent("Question (differs)Their policyPolicy");
    expect(within(table).getByRole("row", { name: /^Description/ })).toHaveTextContent("(none)Mine");

    await user.click(within(alert).getByRole("button", { name: "Done" }));
    expect(onSaved).toHaveBeenCalledWith(
      expect.stringContaining("policy:"),
      expect.objectContaining({ versionIndex: 2 }),
    );
  }, 30_000);

  it("a new spec whose id someone took after the check says it became their next version", async () => {
    const server = createLocalServer();
    const onSaved = vi.fn<(ref: string, saved: SpecObject) => void>();
    const fetch = raceOnFirstCreate(() => storeTheirs(server.db, "tone", "Tone (theirs)"))(server.fetch);
    const { Wrapper } = createQueueTestContext(server.settings, fetch);
    render(<SpecEditor projectId={PROJECT} onSaved={onSaved} />, { wrapper: Wrapper });
    const user = userEvent.setup();
    await user.type(field("Question"), "Tone");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("Saved as version 2 of “tone”. Someone else created a spec with this id");
    expect(onSaved).not.toHaveBeenCalled();
    // The next save is an edit of what is stored now: the id is fixed and the version named.
    expect(field("Id")).toHaveAttribute("readonly");
    await user.click(within(alert).getByRole("button", { name: "Edit from version 1 instead" }));
    expect(field("Question")).toHaveValue("Tone (theirs)");
  }, 30_000);
});

describe("cancelling", () => {
  it("leaves at once when nothing was typed, and asks before discarding what was", async () => {
    const server = createLocalServer();
    const { Wrapper } = createQueueTestContext(server.settings, server.fetch);
    const onCancel = vi.fn<() => void>();
    render(<SpecEditor projectId={PROJECT} onSaved={() => {}} onCancel={onCancel} />, { wrapper: Wrapper });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    await user.type(field("Question"), "Half a thought");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard what you typed?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(field("Question")).toHaveValue("Half a thought");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Discard" }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  }, 30_000);
});
