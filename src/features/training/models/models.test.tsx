import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { createRlJob, registryKey, rememberModel, SUPPORTED_BASE_MODEL, tickTimes } from "../test-support";
import { renderTraining } from "../test-support";

const FIRST = { timeout: 8000 };

/** The checkpoint table's Step header button, which reverses the order. */
const stepButton = () => within(screen.getByRole("columnheader", { name: /Step/ })).getByRole("button");

/** The checkpoint pages on screen (the step order's and a metric sort's are two lists). */
const checkpointPages = () => screen.getByRole("navigation", { name: "Checkpoint pages" });
const column = (name: string) =>
  within(screen.getByRole("table", { name: /Checkpoints/ })).getByRole("columnheader", { name });
const lossColumn = () =>
  within(screen.getByRole("table", { name: /Checkpoints/ }))
    .getAllByRole("columnheader")
    .indexOf(column("loss"));
const losses = () =>
  within(screen.getByRole("table", { name: /Checkpoints/ }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => Number(row.children[lossColumn()]!.textContent));

/** A model with a finished 5-step RL job (checkpoints at steps 1-5), known to this browser. */
async function trainedModel(steps = 5) {
  const server = createLocalServer();
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const { model, jobId } = await createRlJob(clients, steps);
  await tickTimes(server.runner.tick, steps + 2);
  rememberModel(server, model, [
    { id: jobId, model_id: model.id, kind: "rl", added_at: new Date().toISOString(), source: "created" },
  ]);
  return { server, model, jobId };
}

describe("training models", { timeout: 30_000 }, () => {
  it("checks a new model before sending, then creates it and opens its page", async () => {
    const { user, router, server } = renderTraining("/training/models");
    const form = await screen.findByRole("form", { name: "Create a model" }, FIRST);
    await user.click(within(form).getByRole("button", { name: "Create model" }));
    expect(within(form).getByLabelText("Project")).toHaveAccessibleDescription(/must not be empty/);
    expect(within(form).getByLabelText("Base model")).toHaveAttribute("aria-invalid", "true");
    // Nothing was sent to the training service (the shell asks the W&B API who is signed in, a POST too).
    expect(server.requests.filter((r) => r.method === "POST" && r.url.includes("/api/training/"))).toEqual([]);

    await user.type(within(form).getByLabelText("Project"), "support-bot");
    await user.type(within(form).getByLabelText("Name"), "from-the-form");
    await user.type(within(form).getByLabelText("Base model"), SUPPORTED_BASE_MODEL);
    await user.click(within(form).getByRole("button", { name: "Create model" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/training\/models\/model_/));
    expect(await screen.findByRole("heading", { name: "from-the-form", level: 1 }, FIRST)).toBeInTheDocument();
    expect(await screen.findByText("No checkpoints")).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(registryKey(server.settings.trainingBaseUrl))!);
    expect(stored.models[0]).toMatchObject({
      entity: "demo",
      project: "support-bot",
      name: "from-the-form",
      source: "created",
    });
  });

  it("puts a taken name's 409 on the name field and keeps what was typed", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    await clients.training.createModel({ project: "support-bot", name: "taken", base_model: SUPPORTED_BASE_MODEL });
    const { user } = renderTraining("/training/models", server);
    const form = await screen.findByRole("form", { name: "Create a model" }, FIRST);
    await user.type(within(form).getByLabelText("Project"), "support-bot");
    await user.type(within(form).getByLabelText("Name"), "taken");
    await user.type(within(form).getByLabelText("Base model"), SUPPORTED_BASE_MODEL);
    await user.click(within(form).getByRole("button", { name: "Create model" }));
    await waitFor(() => expect(within(form).getByLabelText("Name")).toHaveAccessibleDescription(/already exists/));
    expect(within(form).getByLabelText("Project")).toHaveValue("support-bot");
    expect(within(form).getByLabelText("Base model")).toHaveValue(SUPPORTED_BASE_MODEL);
  });

  it("shows the service's 404 for a model id it does not know", async () => {
    const { user } = renderTraining("/training/models");
    const form = await screen.findByRole("form", { name: "Add model by ID" }, FIRST);
    await user.type(within(form).getByLabelText("Model ID"), "model_nope");
    await user.click(within(form).getByRole("button", { name: "Add model" }));
    await waitFor(() =>
      expect(within(form).getByLabelText("Model ID")).toHaveAccessibleDescription(
        /No model 'model_nope' on this training service \(404\)/,
      ),
    );
  });

  it("lists checkpoints with a column per metric, marks the best, and reverses the order", async () => {
    const { server, model } = await trainedModel();
    const { user } = renderTraining(`/training/models/${model.id}`, server);
    const table = await screen.findByRole("table", { name: /Checkpoints/ }, FIRST);
    for (const metric of ["reward", "loss", "kl_div", "learning_rate"])
      expect(within(table).getByRole("columnheader", { name: metric })).toBeInTheDocument();
    const steps = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((h) => h.textContent?.replace("Best", ""));
    expect(steps()).toEqual(["1", "2", "3", "4", "5"]);
    // Rewards rise from group to group, so the last step is the best by reward.
    await waitFor(() => expect(within(table).getByRole("rowheader", { name: /5\s*Best/ })).toBeInTheDocument());
    expect(within(table).getByRole("link", { name: "Chat with step 5" })).toHaveAttribute(
      "href",
      `/playground?service=training&model=${encodeURIComponent(`wandb-artifact:///demo/support-bot/${model.name}:step5`)}`,
    );
    const stepHeader = within(table).getByRole("columnheader", { name: /Step/ });
    expect(stepHeader).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(stepHeader).getByRole("button"));
    await waitFor(() => expect(steps()).toEqual(["5", "4", "3", "2", "1"]));
    expect(within(table).getByRole("columnheader", { name: /Step/ })).toHaveAttribute("aria-sort", "descending");
    // By loss (lower is better) another step can win; the choice says which way is better.
    await user.selectOptions(screen.getByLabelText("Best checkpoint by"), "loss");
    expect(screen.getByLabelText("Which way is better")).toHaveValue("lower");
  });

  it("pages through checkpoints, and a new order starts again at the first page, also when undone", async () => {
    const { server, model } = await trainedModel(25);
    const { user, router } = renderTraining(`/training/models/${model.id}`, server);
    const pages = await screen.findByRole("navigation", { name: "Checkpoint pages" }, FIRST);
    await waitFor(() => expect(pages).toHaveTextContent("1–20 of 25"));
    await user.click(within(pages).getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(pages).toHaveTextContent("21–25 of 25"));
    await user.click(stepButton());
    await waitFor(() => expect(pages).toHaveTextContent("1–20 of 25"));
    await user.click(stepButton());
    await waitFor(() =>
      expect(screen.getByRole("columnheader", { name: /Step/ })).toHaveAttribute("aria-sort", "ascending"),
    );
    expect(pages).toHaveTextContent("1–20 of 25");
    // Back to the descending order: still its first page, not a page remembered from before.
    await act(async () => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole("columnheader", { name: /Step/ })).toHaveAttribute("aria-sort", "descending"),
    );
    expect(pages).toHaveTextContent("1–20 of 25");
  });

  it("sorts every checkpoint by a metric, pages them, and goes back to the step order from the Step header", async () => {
    const { server, model } = await trainedModel(25);
    const { user, router } = renderTraining(`/training/models/${model.id}`, server);
    const table = await screen.findByRole("table", { name: /Checkpoints/ }, FIRST);
    await waitFor(() => expect(checkpointPages()).toHaveTextContent("1–20 of 25"));

    // Loss: lower is better, so the first click puts the lowest on top, across all 25 (not one page).
    await user.click(within(column("loss")).getByRole("button"));
    expect(router.location.search).toContain("sort=loss.asc");
    await waitFor(() => expect(column("loss")).toHaveAttribute("aria-sort", "ascending"));
    expect(column("Step")).not.toHaveAttribute("aria-sort");
    expect(losses()).toHaveLength(20);
    expect(losses()).toEqual([...losses()].sort((a, b) => a - b));
    const firstPageWorst = Math.max(...losses());
    await user.click(within(checkpointPages()).getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(checkpointPages()).toHaveTextContent("21–25 of 25"));
    expect(Math.min(...losses())).toBeGreaterThanOrEqual(firstPageWorst);

    await user.click(within(column("loss")).getByRole("button"));
    await waitFor(() => expect(column("loss")).toHaveAttribute("aria-sort", "descending"));
    expect(checkpointPages()).toHaveTextContent("1–20 of 25");

    await user.click(within(column("Step")).getByRole("button"));
    await waitFor(() => expect(column("Step")).toHaveAttribute("aria-sort", "ascending"));
    expect(router.location.search).not.toContain("sort=");
    expect(table).toBeInTheDocument();
  });

  it("says a link's sort metric is not this model's and orders by step", async () => {
    const { server, model } = await trainedModel(3);
    renderTraining(`/training/models/${model.id}?sort=accuracy.desc`, server);
    expect(await screen.findByText(/have no metric 'accuracy'; ordered by step/, {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: /Step/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("warns, before anything is sent, when the base model is not one the service trains", async () => {
    const { user } = renderTraining("/training/models");
    const form = await screen.findByRole("form", { name: "Create a model" }, FIRST);
    const baseModel = within(form).getByLabelText("Base model");
    await user.type(baseModel, "mistralai/Mistral-7B-Instruct-v0.3");
    expect(baseModel).toHaveAccessibleDescription(/its jobs will fail/);
    await user.clear(baseModel);
    await user.type(baseModel, SUPPORTED_BASE_MODEL);
    expect(baseModel).not.toHaveAccessibleDescription(/its jobs will fail/);
  });

  it("deletes selected checkpoints after confirming and reports steps it did not find", async () => {
    const { server, model } = await trainedModel();
    const { user } = renderTraining(`/training/models/${model.id}`, server);
    const table = await screen.findByRole("table", { name: /Checkpoints/ }, FIRST);
    await user.click(within(table).getByRole("checkbox", { name: "Select step 2" }));
    await user.click(within(table).getByRole("checkbox", { name: "Select step 3" }));
    await user.click(screen.getByRole("button", { name: "Delete selected (2)" }));
    const dialog = screen.getByRole("dialog", { name: "Delete 2 checkpoints?" });
    expect(dialog).toHaveTextContent("Steps 2, 3 of");
    await user.click(within(dialog).getByRole("button", { name: "Delete checkpoints" }));
    expect(await screen.findByText("Deleted 2 checkpoints.")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: /Checkpoints/ })).getAllByRole("rowheader")).toHaveLength(3),
    );

    // Typed steps: only those that exist are listed (every checkpoint has been read), in the singular for one.
    await waitFor(() => expect(screen.getByRole("region", { name: /Checkpoints/ })).toHaveTextContent("3 in all"));
    await user.type(screen.getByLabelText("or by step"), "4, 99");
    await user.click(screen.getByRole("button", { name: "Delete steps…" }));
    const typed = screen.getByRole("dialog", { name: "Delete 1 checkpoint?" });
    expect(typed).toHaveTextContent(`Step 4 of ${model.name}`);
    expect(typed).toHaveTextContent("Not on the service, so nothing to delete: step 99.");
    await user.click(within(typed).getByRole("button", { name: "Delete checkpoints" }));
    expect(await screen.findByText("Deleted 1 checkpoint.")).toBeInTheDocument();

    // Only steps that do not exist: said beside the field, no dialog.
    await user.type(screen.getByLabelText("or by step"), "40-42");
    await user.click(screen.getByRole("button", { name: "Delete steps…" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(
      screen.getByText(/No checkpoint at steps 40-42\. This model has 2 checkpoints, steps 1, 5\./),
    ).toBeInTheDocument();
  });

  it("says so when the best or the latest checkpoint is about to be deleted", async () => {
    const { server, model } = await trainedModel();
    const { user } = renderTraining(`/training/models/${model.id}`, server);
    await screen.findByRole("table", { name: /Checkpoints/ }, FIRST);
    await waitFor(() => expect(screen.getByRole("region", { name: /Checkpoints/ })).toHaveTextContent("5 in all"));
    await user.type(screen.getByLabelText("or by step"), "1-5");
    await user.click(screen.getByRole("button", { name: "Delete steps…" }));
    const dialog = screen.getByRole("dialog", { name: "Delete 5 checkpoints?" });
    expect(dialog).toHaveTextContent(/Step \d is the best checkpoint by reward/);
    expect(dialog).toHaveTextContent(
      "Step 5 is the latest checkpoint: chat that names the model without a step will answer from no checkpoint at all instead.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await user.clear(screen.getByLabelText("or by step"));
    await user.type(screen.getByLabelText("or by step"), "2");
    await user.click(screen.getByRole("button", { name: "Delete steps…" }));
    expect(screen.getByRole("dialog", { name: "Delete 1 checkpoint?" })).not.toHaveTextContent(/latest checkpoint/);
  });

  it("deletes a model only after its name is typed, and says what was removed", async () => {
    const { server, model, jobId } = await trainedModel();
    const { user, router } = renderTraining(`/training/models/${model.id}`, server);
    await user.click(await screen.findByRole("button", { name: "Delete model" }, FIRST));
    const dialog = screen.getByRole("dialog", { name: "Delete this model?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete model" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox"), model.name);
    await user.click(confirm);
    await waitFor(() => expect(router.location.pathname).toBe("/training/models"));
    expect(
      await screen.findByText(
        new RegExp(
          `Deleted model ${model.name} \\(${model.id}\\): 5 checkpoints and its W&B run removed; its 1 job left`,
        ),
      ),
    ).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(registryKey(server.settings.trainingBaseUrl))!);
    expect(stored.models).toEqual([]);
    expect(stored.jobs.map((j: { id: string }) => j.id)).not.toContain(jobId);
  });
});
