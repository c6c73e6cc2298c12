import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { seedTrainingDemo, TRAINING_SEED } from "@server/seed/training-seed";
import { createLocalServer } from "@/test/local-server";
import { createModel, createRlJob, tickTimes } from "../test-support";
import { renderTraining } from "../test-support";

/** The first render lazy-loads the route's modules, which takes a while under the test transform. */
const FIRST = { timeout: 8000 };

describe("training jobs page", { timeout: 20_000 }, () => {
  it("explains why it is empty and how to open a job by id", async () => {
    renderTraining("/training");
    expect(await screen.findByRole("heading", { name: "Training jobs", level: 1 }, FIRST)).toBeInTheDocument();
    expect(screen.getByText("No jobs in this browser yet")).toBeInTheDocument();
    expect(screen.getByText(/cannot list jobs/)).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Open job by ID" })).toBeInTheDocument();
  });

  it("lists the local services' seeded demo at first visit, with model names, once; removed entries come back only on request", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    const first = renderTraining("/training", server);
    const table = await screen.findByRole("table", {}, FIRST);
    await waitFor(() => expect(within(table).getAllByRole("link", { name: /^job_5eed/ })).toHaveLength(4));
    expect(table).toHaveTextContent("support-rl");
    // Removed, they stay removed on the next visit: the demo is added once per browser.
    for (const remove of screen.getAllByRole("button", { name: /^Remove job_5eed/ })) await first.user.click(remove);
    expect(await screen.findByText("No jobs in this browser yet")).toBeInTheDocument();
    cleanup();
    const { user } = renderTraining("/training", server);
    expect(await screen.findByText("No jobs in this browser yet", {}, FIRST)).toBeInTheDocument();
    const seededReads = () => server.requests.filter((r) => r.url.endsWith("/local/seeded")).length;
    expect(seededReads()).toBe(1);
    await user.click(screen.getByRole("button", { name: "Add the demo models and jobs" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getAllByRole("link", { name: /^job_5eed/ })).toHaveLength(4),
    );
    expect(seededReads()).toBe(2);
    // Nothing of another entity was added.
    expect(screen.getByRole("table")).not.toHaveTextContent(TRAINING_SEED.jobs.acmeTriage);
  });

  it("says when the service cannot be read for the seeded demo, instead of only an empty list, and adds it on Retry", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    const outage = { on: true };
    const fetchDuringOutage: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (outage.on && new URL(request.url).pathname.endsWith("/local/seeded")) throw new TypeError("Failed to fetch");
      return server.fetch(request);
    };
    const { user } = renderTraining("/training", { ...server, fetch: fetchDuringOutage });
    expect(await screen.findByText("Could not read the demo models and jobs", {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText("No jobs in this browser yet")).toBeInTheDocument();
    outage.on = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getAllByRole("link", { name: /^job_5eed/ })).toHaveLength(4),
    );
    expect(screen.queryByText("Could not read the demo models and jobs")).not.toBeInTheDocument();
  });

  it("searches, filters and sorts the list from the URL, and tells a model's jobs apart", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    const { user, router } = renderTraining("/training?sort=state.asc", server);
    const table = await screen.findByRole("table", {}, FIRST);
    const jobIds = () =>
      within(table)
        .queryAllByRole("link", { name: /^job_/ })
        .map((link) => link.textContent);
    const { jobs } = TRAINING_SEED;
    // States sort once every job's events are read: the failed before the succeeded, the newest first within each.
    await waitFor(() =>
      expect(jobIds()).toEqual([jobs.supportRlMalformed, jobs.supportLegacy, jobs.supportSft, jobs.supportRl]),
    );
    expect(within(table).getByRole("columnheader", { name: /State/ })).toHaveAttribute("aria-sort", "ascending");
    // Two jobs train support-rl: each says which it is.
    expect(within(table).getByRole("link", { name: jobs.supportRlMalformed }).closest("td")).toHaveTextContent(
      "#2 on this model",
    );
    expect(within(table).getByRole("link", { name: jobs.supportRl }).closest("td")).toHaveTextContent(
      "#1 on this model",
    );

    await user.click(within(table).getByRole("button", { name: "State" }));
    expect(router.location.search).toBe("?sort=state.desc");
    expect(jobIds()).toEqual([jobs.supportSft, jobs.supportRl, jobs.supportRlMalformed, jobs.supportLegacy]);

    await user.selectOptions(screen.getByLabelText("State"), "failed");
    await user.selectOptions(screen.getByLabelText("Model"), TRAINING_SEED.models.supportRl);
    expect(jobIds()).toEqual([jobs.supportRlMalformed]);
    expect(screen.getByText("1 of 4 jobs")).toBeInTheDocument();
    expect(new URLSearchParams(router.location.search).get("model")).toBe(TRAINING_SEED.models.supportRl);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await user.type(screen.getByLabelText("Search jobs"), "SFT");
    expect(jobIds()).toEqual([jobs.supportSft]);
    expect(new URLSearchParams(router.location.search).get("q")).toBe("SFT");
    await user.clear(screen.getByLabelText("Search jobs"));
    await user.type(screen.getByLabelText("Search jobs"), "no such job");
    expect(within(table).getByText("No job matches these filters.")).toBeInTheDocument();
  });

  it("links a job opened by id to a model only when its first step is that model's checkpoint", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const trained = await createRlJob(clients, 4);
    const other = await createRlJob(clients, 7);
    const untrained = await createModel(clients, { name: "untrained" });
    await tickTimes(server.runner.tick, 9);
    const knownModels = [trained.model, other.model, untrained].map((m) => ({
      id: m.id,
      entity: m.entity,
      project: m.project,
      name: m.name,
      base_model: m.base_model,
      added_at: new Date().toISOString(),
      source: "created",
    }));
    localStorage.setItem(
      `wbops.training.registry.v1:${server.settings.trainingBaseUrl}`,
      JSON.stringify({ models: knownModels, jobs: [] }),
    );
    const { user, router } = renderTraining("/training", server);
    const form = await screen.findByRole("form", { name: "Open job by ID" }, FIRST);
    await user.type(within(form).getByLabelText("Job ID"), trained.jobId);

    // Another model's checkpoint at the job's first step has other figures: refused, nothing linked.
    await user.selectOptions(within(form).getByLabelText(/Model it trains/), other.model.id);
    await user.click(within(form).getByRole("button", { name: "Open job" }));
    expect(
      await within(form).findByText(/Not this model: its checkpoint at step 1 has other figures/),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe("/training");

    // A model without that step cannot confirm it: the user decides.
    await user.selectOptions(within(form).getByLabelText(/Model it trains/), untrained.id);
    await user.click(within(form).getByRole("button", { name: "Open job" }));
    expect(
      await within(form).findByText(/cannot be confirmed: untrained has no checkpoint at step 1/),
    ).toBeInTheDocument();

    // The right model is confirmed and linked.
    await user.selectOptions(within(form).getByLabelText(/Model it trains/), trained.model.id);
    await user.click(within(form).getByRole("button", { name: "Open job" }));
    await waitFor(() => expect(router.location.pathname).toBe(`/training/jobs/${trained.jobId}`));
    const saved = JSON.parse(
      localStorage.getItem(`wbops.training.registry.v1:${server.settings.trainingBaseUrl}`)!,
    ) as { jobs: { id: string; model_id?: string }[] };
    expect(saved.jobs.find((j) => j.id === trained.jobId)?.model_id).toBe(trained.model.id);
  });

  it("shows the service's 404 for an unknown id, keeping what was typed", async () => {
    const { user } = renderTraining("/training");
    const field = await screen.findByLabelText("Job ID", {}, FIRST);
    await user.type(field, "job_nope");
    await user.click(screen.getByRole("button", { name: "Open job" }));
    expect(await screen.findByText(/No job 'job_nope' on this training service \(404\)/)).toBeInTheDocument();
    expect(field).toHaveValue("job_nope");
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("opens a job by id, then lists it with its derived state, progress and latest reward", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const { jobId } = await createRlJob(clients, 4);
    await tickTimes(server.runner.tick, 6);
    const { user, router } = renderTraining("/training", server);
    await user.type(await screen.findByLabelText("Job ID", {}, FIRST), jobId);
    await user.click(screen.getByRole("button", { name: "Open job" }));
    await waitFor(() => expect(router.location.pathname).toBe(`/training/jobs/${jobId}`));
    expect(await screen.findByRole("heading", { name: `Job ${jobId}`, level: 1 }, FIRST)).toBeInTheDocument();
    expect(await screen.findByText("Succeeded", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId("job-steps")).toHaveTextContent("4 / 4");

    await user.click(screen.getByRole("link", { name: "Jobs" }));
    const table = await screen.findByRole("table", { name: /Training jobs this browser created or opened/ }, FIRST);
    const row = within(table).getByRole("link", { name: jobId }).closest("tr")!;
    expect(row).toHaveTextContent("RL");
    expect(row).toHaveTextContent("Succeeded");
    expect(row).toHaveTextContent("4 / 4 steps");
    // The last group scored 0.9 and 0.2: the step reward is their mean.
    expect(row).toHaveTextContent(/reward\s*0\.55/);
  });

  it("shows a failed job's message in the list", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const { jobId } = await createRlJob(clients, 2, { baseModel: "mistralai/Mistral-7B-Instruct-v0.3" });
    await tickTimes(server.runner.tick, 1);
    localStorage.setItem(
      `wbops.training.registry.v1:${server.settings.trainingBaseUrl}`,
      JSON.stringify({ models: [], jobs: [{ id: jobId, added_at: new Date().toISOString(), source: "opened" }] }),
    );
    renderTraining("/training", server);
    const row = (await screen.findByRole("link", { name: jobId }, FIRST)).closest("tr")!;
    await waitFor(() => expect(row).toHaveTextContent("Failed"));
    expect(row).toHaveTextContent(/Base model 'mistralai\/Mistral-7B-Instruct-v0.3' is not supported/);
  });
});
