import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createObject, readObject } from "@server/trace/objects/objects";
import { renderApp, urlsOf } from "@/app/test-support";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { seedTrainingDemo } from "@server/seed/training-seed";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };
const AT = Date.parse("2026-11-20T10:00:00Z");

/** A fresh 12-item queue asking Tone (a rating), a yes/no question and free text, its editor opened. */
function setup(
  wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f,
  { trainedModels = false } = {},
) {
  const server = createLocalServer();
  // The training demo's models and checkpoints, there before the page first asks for them.
  if (trainedModels) seedTrainingDemo(server.db);
  const { queueId } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: 12,
    name: "Tone review",
    questions: ["tone", "follows_policy", "reviewer_comment"],
    at: AT,
    first: 0,
  });
  storeSettings(server, PROJECT);
  const app = renderApp({
    path: `/queues/${queueId}/judges/new`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
  });
  return { ...app, server, queueId };
}

/** Fills the form: a name and the first catalog model, leaving the default prompt. */
async function fillForm(user: ReturnType<typeof setup>["user"], name: string) {
  await screen.findByRole("heading", { level: 1, name: "New judge" }, SLOW);
  const form = await screen.findByRole("form", { name: "Judge" }, SLOW);
  await user.type(within(form).getByRole("textbox", { name: "Name" }), name);
  const model = within(form).getByRole("combobox", { name: "Model" });
  await waitFor(() => expect(within(model).getAllByRole("option").length).toBeGreaterThan(2), SLOW);
  const first = within(model).getAllByRole("option")[1] as HTMLOptionElement;
  await user.selectOptions(model, first.value);
  // The live check has read the queue's calls once it says every placeholder is found.
  await screen.findByText(/Every placeholder is found in the queue's first \d+ calls/, undefined, SLOW);
  return form;
}

afterEach(() => {
  localStorage.clear();
});

describe("judge editor", () => {
  it("saves a new judge as its first version and opens its page", async () => {
    const { user, router, queueId } = setup();
    const form = await fillForm(user, "Tone judge");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/judges/judge-tone-judge`), SLOW);
    await screen.findByRole("heading", { level: 1, name: "Tone judge" }, SLOW);
    const versions = await screen.findByRole("table", { name: "The judge's versions" }, SLOW);
    expect(within(versions).getAllByRole("row")).toHaveLength(2);
    expect(within(versions).getByRole("rowheader")).toHaveTextContent("v0");
    await screen.findByRole("heading", { name: "Run version 0" }, SLOW);
  }, 30_000);

  it("lists a free-text question as one a judge cannot answer", async () => {
    setup();
    const question = await screen.findByRole("combobox", { name: "Question" }, SLOW);
    const options = within(question).getAllByRole("option") as HTMLOptionElement[];
    const disabled = options.filter((option) => option.disabled);
    expect(options.length).toBe(3);
    expect(disabled.length).toBeLessThanOrEqual(1);
    for (const option of disabled) expect(option.textContent).toMatch(/cannot be judged/);
  });

  it("refuses a prompt that reads a field none of the calls has, beside the prompt", async () => {
    const { user, router, queueId } = setup();
    const form = await fillForm(user, "Typo judge");
    const prompt = within(form).getByRole("textbox", { name: "Prompt" });
    await user.type(prompt, " {{{{inputs.no_such_field}}");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    expect(prompt).toHaveAccessibleDescription(/None of the queue's first \d+ calls has \{\{inputs\.no_such_field\}\}/);
    expect(prompt).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Not saved: 1 field needs attention.");
    expect(router.location.pathname).toBe(`/queues/${queueId}/judges/new`);
  }, 30_000);

  it("makes one judge however many times Save is pressed while the first save is on its way", async () => {
    let creates = 0;
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    const { user, router, queueId } = setup((fetch) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/obj/create")) {
        creates += 1;
        await held;
      }
      return fetch(input, init);
    });
    const form = await fillForm(user, "Eager judge");
    const name = within(form).getByRole("textbox", { name: "Name" });
    // Enter in a field and a click on Save, twice over, and two submits in one tick (a double click).
    await user.type(name, "{Enter}");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    fireEvent.submit(form);
    fireEvent.submit(form);
    await user.type(name, "{Enter}");
    await waitFor(() => expect(creates).toBeGreaterThan(0), SLOW);
    // Anything a later press would have sent has had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    gate.release?.();
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/judges/judge-eager-judge`), SLOW);
    await screen.findByRole("heading", { level: 1, name: "Eager judge" }, SLOW);
    expect(creates).toBe(1);
  }, 30_000);

  it("makes a judge of a trained checkpoint picked by model and step, and refuses a mistyped address", async () => {
    const { user, router, queueId, server } = setup(undefined, { trainedModels: true });
    const form = await fillForm(user, "Checkpoint judge");
    const model = within(form).getByRole("combobox", { name: "Model" });
    await user.selectOptions(model, "A trained checkpoint (training service)…");
    // A catalog model chosen before is not kept under a checkpoint's heading.
    const address = within(form).getByRole("textbox", { name: "Checkpoint address" });
    expect(address).toHaveValue("");
    const trained = within(form).getByRole("combobox", { name: "Trained model" });
    await waitFor(
      () => expect(within(trained).getByRole("option", { name: "support-rl (demo/support-bot)" })).toBeEnabled(),
      SLOW,
    );
    await user.selectOptions(trained, within(trained).getByRole("option", { name: "support-rl (demo/support-bot)" }));
    expect(address).toHaveValue("wandb-artifact:///demo/support-bot/support-rl");
    const step = within(form).getByRole("combobox", { name: "Step" });
    await waitFor(() => expect(within(step).getByRole("option", { name: /^Step 12\b/ })).toBeInTheDocument(), SLOW);
    await user.selectOptions(step, within(step).getByRole("option", { name: /^Step 12\b/ }));
    expect(address).toHaveValue("wandb-artifact:///demo/support-bot/support-rl:step12");

    // A typed version that is no step is refused beside the address, with what to write instead.
    await user.type(address, "x");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    expect(address).toHaveAccessibleDescription(/“:step12x” is not a checkpoint/);
    expect(router.location.pathname).toBe(`/queues/${queueId}/judges/new`);

    await user.type(address, "{Backspace}");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    await waitFor(
      () => expect(router.location.pathname).toBe(`/queues/${queueId}/judges/judge-checkpoint-judge`),
      SLOW,
    );
    const stored = readObject(server.db, PROJECT, "judge-checkpoint-judge", "latest").val as Record<string, unknown>;
    expect(stored).toMatchObject({ config: { model: "wandb-artifact:///demo/support-bot/support-rl:step12" } });
  }, 30_000);

  it("keeps what was typed when a save fails, and saves on retry", async () => {
    let failNext = true;
    const { user, router, queueId } = setup((fetch) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (failNext && url.includes("/obj/create")) {
        failNext = false;
        return new Response(JSON.stringify({ reason: "the store is busy" }), { status: 503 });
      }
      return fetch(input, init);
    });
    const form = await fillForm(user, "Flaky judge");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    const error = await screen.findByText("The judge was not saved", undefined, SLOW);
    expect(within(form).getByRole("textbox", { name: "Name" })).toHaveValue("Flaky judge");
    const panel = error.closest("[role=alert]") as HTMLElement;
    await user.click(within(panel).getByRole("button", { name: /Retry|Try again/ }));
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/judges/judge-flaky-judge`), SLOW);
  }, 30_000);

  it("keeps what is being typed when someone else saves a version meanwhile, and says so", async () => {
    const { user, router, queueId, server, queryClient } = setup();
    const form = await fillForm(user, "Tone judge");
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/judges/judge-tone-judge`), SLOW);
    const editor = await screen.findByRole("form", { name: "Judge" }, SLOW);
    const name = within(editor).getByRole("textbox", { name: "Name" });
    await waitFor(() => expect(name).toHaveValue("Tone judge"), SLOW);
    await user.clear(name);
    await user.type(name, "Tone judge, stricter");

    // Another person saves version 1; this page reads the versions again (as it does on focus).
    const stored = readObject(server.db, PROJECT, "judge-tone-judge", "latest");
    createObject(server.db, {
      projectId: PROJECT,
      objectId: "judge-tone-judge",
      val: { ...(stored.val as Record<string, unknown>), name: "Their judge" },
      builtinClass: null,
      userId: "user-acme",
    });
    await queryClient.invalidateQueries();
    await screen.findByText(/Version 1 was saved after you opened version 0/, undefined, SLOW);
    // The versions say who saved each: the other person by id, this page's own save as "you".
    const versions = screen.getByRole("table", { name: "The judge's versions" });
    await waitFor(() => expect(within(versions).getAllByRole("row")).toHaveLength(3), SLOW);
    const [, v1, v0] = within(versions).getAllByRole("row");
    expect(v1).toHaveTextContent("by user user-acme");
    await waitFor(() => expect(v0).toHaveTextContent("by you"), SLOW);
    expect(within(screen.getByRole("form", { name: "Judge" })).getByRole("textbox", { name: "Name" })).toHaveValue(
      "Tone judge, stricter",
    );
  }, 30_000);
});
