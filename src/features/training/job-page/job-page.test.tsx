import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { createLocalServer } from "@/test/local-server";
import { EMPTY_SUMMARY } from "../events/job-summary";
import { writeCachedSummary } from "../events/summary-cache";
import { createRlJob, risingGroups, tickTimes } from "../test-support";
import { renderTraining } from "../test-support";

const FIRST = { timeout: 8000 };

async function jobOnServer(groups: number, ticks: number, options: { baseModel?: string } = {}) {
  const server = createLocalServer();
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const { model, jobId } = await createRlJob(clients, groups, options);
  await tickTimes(server.runner.tick, ticks);
  return { server, model, jobId };
}

/** This browser's registry knows these jobs of one model, as jobs it created, in this order. */
function knowJobs(trainingBaseUrl: string, modelId: string, ids: readonly string[]): void {
  const now = Date.now();
  localStorage.setItem(
    `wbops.training.registry.v1:${trainingBaseUrl}`,
    JSON.stringify({
      models: [],
      jobs: ids.map((id, i) => ({
        id,
        model_id: modelId,
        kind: "rl",
        added_at: new Date(now + i).toISOString(),
        source: "created",
      })),
    }),
  );
}

/** The jobs list's cached summary of a job: running, one step done. */
function cacheAsRunning(trainingBaseUrl: string, jobId: string, numSequences: number): void {
  writeCachedSummary(localStorage, trainingBaseUrl, jobId, {
    summary: { ...EMPTY_SUMMARY, state: "running", stepsDone: 1, numSequences },
    cursor: null,
    recentIds: [],
  });
}

describe("training job page", { timeout: 30_000 }, () => {
  it("shows a failed job's message prominently and stops polling", async () => {
    const { server, jobId } = await jobOnServer(3, 1, { baseModel: "mistralai/Mistral-7B-Instruct-v0.3" });
    renderTraining(`/training/jobs/${jobId}`, server);
    const alert = await screen.findByRole("alert", {}, FIRST);
    expect(alert).toHaveTextContent("Training failed");
    expect(alert).toHaveTextContent("Base model 'mistralai/Mistral-7B-Instruct-v0.3' is not supported for training");
    expect(await screen.findByText(/Finished: all 1 events read; no more polling/)).toBeInTheDocument();
  });

  it("follows a running job live until it succeeds, asking only for new events", async () => {
    const { server, jobId } = await jobOnServer(4, 2);
    renderTraining(`/training/jobs/${jobId}`, server);
    await waitFor(() => expect(screen.getByTestId("job-steps")).toHaveTextContent("1 / 4"), FIRST);
    expect(screen.getByText(/Live: asking for new events every 1.5 s/)).toBeInTheDocument();
    expect(screen.getByText(/Speed is measured in this browser from when events arrive/)).toBeInTheDocument();
    const eventRequests = () =>
      server.requests
        .filter((r) => r.url.includes(`/training-jobs/${jobId}/events`))
        .map((r) => new URL(r.url).searchParams.get("after"));
    const seenBefore = eventRequests().length;
    await tickTimes(server.runner.tick, 4);
    await waitFor(() => expect(screen.getByTestId("job-steps")).toHaveTextContent("4 / 4"), { timeout: 5000 });
    await waitFor(() => expect(screen.getByText(/Finished: all 6 events read/)).toBeInTheDocument());
    // Every poll after the first read asked only for events after the last one seen.
    expect(
      eventRequests()
        .slice(seenBefore)
        .every((after) => after?.startsWith("evt_")),
    ).toBe(true);
    expect(screen.getAllByText("Succeeded").length).toBeGreaterThan(0);
    // The end was seen live, and gets a time; the start had happened before the page opened, and gets none.
    const stored = JSON.parse(
      localStorage.getItem(`wbops.training.registry.v1:${server.settings.trainingBaseUrl}`) ?? "{}",
    ) as { jobs: { id: string; seen_started_at?: string; seen_finished_at?: string }[] };
    const entry = stored.jobs.find((j) => j.id === jobId);
    expect(entry?.seen_finished_at).toMatch(/^\d{4}-/);
    expect(entry?.seen_started_at).toBeUndefined();
    expect(screen.getByTestId("job-facts")).toHaveTextContent(/Finished.+\(seen here\)/);
  });

  it("does not offer to follow new events on a finished job (e2e training.spec checks where its log opens)", async () => {
    const { server, jobId } = await jobOnServer(40, 42);
    renderTraining(`/training/jobs/${jobId}`, server);
    const log = await screen.findByRole("table", { name: "Training events in the order they happened" }, FIRST);
    await waitFor(() => expect(screen.getByText(/Finished: all 42 events read/)).toBeInTheDocument(), FIRST);
    expect(within(log).getByRole("cell", { name: "training_started" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Follow new events" })).not.toBeInTheDocument();
  });

  it("lists a job opened by ID's facts from its steps and says what is not known", async () => {
    const { server, jobId } = await jobOnServer(4, 6);
    renderTraining(`/training/jobs/${jobId}`, server);
    await waitFor(() => expect(screen.getByText(/Finished: all 6 events read/)).toBeInTheDocument(), FIRST);
    const facts = screen.getByTestId("job-facts");
    // Its request is not known; the learning rate its steps report is, and says where it came from.
    expect(facts).toHaveTextContent("Learning rate0.00001 (from the events)");
    expect(facts).toHaveTextContent("Batch sizenot known: this job was opened by ID");
    expect(facts).toHaveTextContent("Creatednot known: this job was opened by ID");
    expect(facts).toHaveTextContent("Data size4 groups, 8 trajectories (from its steps)");
    expect(facts).toHaveTextContent(/Tokens[\d,]+ trained/);
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  });

  it("draws validation logged with split val beside the training metrics of the same name (local services)", async () => {
    const { server, model, jobId } = await jobOnServer(3, 5);
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    await clients.training.logTrajectories(model.id, { split: "val", trajectory_groups: risingGroups(2) });
    await clients.training.logTrajectories(model.id, { split: "train", trajectory_groups: risingGroups(2) });
    // The job is known to this browser with its model (as when created here).
    localStorage.setItem(
      `wbops.training.registry.v1:${server.settings.trainingBaseUrl}`,
      JSON.stringify({
        models: [],
        jobs: [{ id: jobId, model_id: model.id, kind: "rl", added_at: new Date().toISOString(), source: "created" }],
      }),
    );
    renderTraining(`/training/jobs/${jobId}`, server);
    const note = await screen.findByTestId("validation-note", {}, FIRST);
    expect(note).toHaveTextContent(/val: trajectories logged with split val at \d+ metrics \(reward, reward_std_dev/);
    expect(server.requests.some((r) => r.url.includes(`/local/models/${model.id}/logs?split=val`))).toBe(true);
  });

  it("says which steps are the job's own and which are the model's, for a second job on a model", async () => {
    const { server, model } = await jobOnServer(4, 6);
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const { id: second } = await clients.training.createRLJob({
      model_id: model.id,
      trajectory_groups: risingGroups(3),
    });
    await tickTimes(server.runner.tick, 5);
    renderTraining(`/training/jobs/${second}`, server);
    await waitFor(() => expect(screen.getByTestId("job-steps")).toHaveTextContent("3 / 3"), FIRST);
    expect(screen.getByTestId("job-steps").parentElement).toHaveTextContent("steps of this job (100%)");
    expect(screen.getByTestId("model-steps")).toHaveTextContent("model step 7 (this job trains model steps 5–7)");
  });

  it("says which job of the same model a queued job waits for", async () => {
    const { server, model, jobId: first } = await jobOnServer(6, 2);
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const { id: second } = await clients.training.createRLJob({
      model_id: model.id,
      trajectory_groups: risingGroups(3),
    });
    knowJobs(server.settings.trainingBaseUrl, model.id, [first, second]);
    // The first job as the jobs list last saw it: running.
    cacheAsRunning(server.settings.trainingBaseUrl, first, 6);
    renderTraining(`/training/jobs/${second}`, server);
    const reason = await screen.findByTestId("queued-reason", {}, FIRST);
    // Named as its events say now (2 of 6 steps), not as the cache last had it (1 of 6).
    await waitFor(() =>
      expect(reason).toHaveTextContent(`Waiting for job ${first} on the same model (running, 2 / 6 steps)`),
    );
    expect(within(reason).getByRole("link", { name: first })).toHaveAttribute("href", `/training/jobs/${first}`);
  });

  it("never names a job that has finished since this browser last saw it running", async () => {
    const { server, model, jobId: first } = await jobOnServer(2, 4);
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const { id: second } = await clients.training.createRLJob({
      model_id: model.id,
      trajectory_groups: risingGroups(3),
    });
    knowJobs(server.settings.trainingBaseUrl, model.id, [first, second]);
    // Cached while it ran; it has finished since.
    cacheAsRunning(server.settings.trainingBaseUrl, first, 2);
    renderTraining(`/training/jobs/${second}`, server);
    const reason = await screen.findByTestId("queued-reason", {}, FIRST);
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.includes(`/training-jobs/${first}/events`))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reason).not.toHaveTextContent(first);
    expect(reason).not.toHaveTextContent(/running|as last seen/);
    expect(reason).toHaveTextContent("Queued: the training service has not started it yet.");
  });

  it("logs every event, filters by type in the URL and shows an event's data", async () => {
    const { server, jobId } = await jobOnServer(5, 7);
    const { user, router } = renderTraining(`/training/jobs/${jobId}`, server);
    const log = await screen.findByRole("table", { name: "Training events in the order they happened" }, FIRST);
    await waitFor(() => expect(screen.getByText("7 of 7 events shown")).toBeInTheDocument());
    expect(within(log).getAllByRole("row")).toHaveLength(8);
    await user.click(screen.getByRole("checkbox", { name: /gradient_step/ }));
    expect(screen.getByText("2 of 7 events shown")).toBeInTheDocument();
    expect(router.location.search).toBe("?events=-gradient_step");
    const ended = within(log).getByRole("cell", { name: "training_ended" }).closest("tr")!;
    await user.click(within(ended).getByRole("button"));
    expect(screen.getByText(/"num_steps": 5/)).toBeInTheDocument();
    // The charts need a canvas; jsdom has none, so the page says which metrics there are.
    expect(screen.getByText(/This browser cannot draw charts/)).toHaveTextContent(/reward, loss/);
  });

  it("adds a job opened by URL to this browser's list", async () => {
    const { server, jobId } = await jobOnServer(2, 4);
    renderTraining(`/training/jobs/${jobId}`, server);
    await screen.findByRole("heading", { name: `Job ${jobId}`, level: 1 }, FIRST);
    await waitFor(() => {
      const stored = JSON.parse(
        localStorage.getItem(`wbops.training.registry.v1:${server.settings.trainingBaseUrl}`) ?? "{}",
      );
      expect(stored.jobs).toEqual([expect.objectContaining({ id: jobId, source: "opened", kind: "rl" })]);
    });
  });

  it("says plainly when the job does not exist", async () => {
    renderTraining("/training/jobs/job_missing");
    expect(await screen.findByText("Could not open job job_missing", {}, FIRST)).toBeInTheDocument();
  });

  it("while the service cannot be reached, says the state is unknown since the last answer, and the sidebar says it is down; then recovers", async () => {
    const { server, jobId } = await jobOnServer(4, 2);
    let down = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (down && String(input).includes("/api/training")) throw new TypeError("Failed to fetch");
      return server.fetch(input, init);
    };
    localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: "", inferenceProject: "", keyStorage: "local" }),
    );
    renderApp({ path: `/training/jobs/${jobId}`, defaults: urlsOf(server.settings), fetch });
    await waitFor(() => expect(screen.getByTestId("job-steps")).toHaveTextContent("1 / 4"), FIRST);
    await waitFor(() => expect(screen.getAllByText("Training service OK").length).toBeGreaterThan(0), FIRST);
    down = true;
    expect(await screen.findByText(/State unknown since \d/, {}, { timeout: 8000 })).toHaveTextContent(
      "(last seen running)",
    );
    expect(screen.queryByText("Running")).not.toBeInTheDocument();
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
    // The sidebar checked again at once instead of saying "OK" until its next turn (30 s).
    await waitFor(() => expect(screen.getAllByText("Training service down").length).toBeGreaterThan(0), {
      timeout: 8000,
    });
    down = false;
    await screen.findByText(/Live: asking for new events/, {}, { timeout: 10_000 });
    expect(screen.queryByText(/State unknown since/)).not.toBeInTheDocument();
    expect(screen.getAllByText("Running").length).toBeGreaterThan(0);
    // The page's first answer tells the sidebar at once, not at its next 30 s check.
    await waitFor(() => expect(screen.getAllByText("Training service OK").length).toBeGreaterThan(0), {
      timeout: 3000,
    });
  });
});
