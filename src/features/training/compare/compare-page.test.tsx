import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seedTrainingDemo, TRAINING_SEED } from "@server/seed/training-seed";
import { createLocalServer } from "@/test/local-server";
import { createApiClients } from "@/api/clients";
import { createRlJob, renderTraining, risingGroups, tickTimes } from "../test-support";

const FIRST = { timeout: 8000 };
const { supportRl, supportSft, supportLegacy } = TRAINING_SEED.jobs;

/** jsdom has no object URLs: keep what would be downloaded, to read it back. */
function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn<(blob: Blob) => string>((blob) => {
    blobs.push(blob);
    return "blob:download";
  });
  URL.revokeObjectURL = vi.fn<(url: string) => void>();
  return blobs;
}

describe("compare runs", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("compares the jobs ticked in the list, in the URL, with their facts side by side and a CSV of both", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    const { user, router } = renderTraining("/training", server);
    const table = await screen.findByRole("table", {}, FIRST);
    await waitFor(() => expect(within(table).getAllByRole("link", { name: /^job_5eed/ })).toHaveLength(4));
    expect(screen.queryByRole("link", { name: /^Compare \d jobs/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: `Compare job ${supportRl}` }));
    expect(screen.getByTestId("compare-bar")).toHaveTextContent("1 job ticked: tick 1 more to compare.");
    await user.click(screen.getByRole("checkbox", { name: `Compare job ${supportSft}` }));
    await user.click(screen.getByRole("link", { name: "Compare 2 jobs" }));

    expect(await screen.findByRole("heading", { name: "Compare runs", level: 1 }, FIRST)).toBeInTheDocument();
    expect(router.location.search).toBe(`?jobs=${supportRl},${supportSft}`);
    const legend = screen.getByRole("list", { name: "Compared jobs" });
    await waitFor(() => expect(within(legend).getAllByText("Succeeded")).toHaveLength(2), FIRST);
    expect(legend).toHaveTextContent("24 steps");
    expect(legend).toHaveTextContent("5 steps");
    // jsdom cannot draw: the metrics of both jobs are named.
    expect(screen.getByText(/This browser cannot draw charts/)).toHaveTextContent(/reward.*loss/);

    const facts = screen.getByRole("table", { name: "Facts of the compared jobs, side by side" });
    expect(
      within(facts)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Fact", supportRl, supportSft]);
    const baseModel = within(facts).getByRole("rowheader", { name: "Base model" }).closest("tr")!;
    expect(baseModel).toHaveTextContent("OpenPipe/Qwen3-14B-Instruct");
    expect(baseModel).toHaveTextContent("Qwen/Qwen2.5-7B-Instruct");

    const blobs = captureDownloads();
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    const lines = (await blobs[0]!.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^job_id,job_step,model_step,reward,loss/);
    expect(lines.filter((line) => line.startsWith(`${supportRl},`))).toHaveLength(24);
    expect(lines.filter((line) => line.startsWith(`${supportSft},`))).toHaveLength(5);
  });

  it("keeps only the facts that differ, the charts picked and the smoothing in the URL, beside the jobs", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    const { user, router } = renderTraining(
      `/training/compare?jobs=${supportRl},${supportSft}&smooth=0.25&charts=-loss`,
      server,
    );
    const facts = await screen.findByRole("table", { name: "Facts of the compared jobs, side by side" }, FIRST);
    await waitFor(() => expect(screen.getByText(/This browser cannot draw charts/)).toHaveTextContent(/reward/));
    // The address's smoothing and charts: loss is left out.
    expect(screen.getByRole("slider", { name: "Smoothing" })).toHaveValue("0.25");
    expect(screen.getByText(/This browser cannot draw charts/)).not.toHaveTextContent(/\bloss\b/);
    expect(screen.getByRole("checkbox", { name: "loss" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "reward" })).toBeChecked();

    const rowsBefore = within(facts).getAllByRole("rowheader").length;
    await user.click(screen.getByRole("checkbox", { name: /Only the facts that differ/ }));
    expect(router.location.search).toBe(`?jobs=${supportRl},${supportSft}&smooth=0.25&charts=-loss&facts=differ`);
    const differing = screen.getByRole("table", { name: "Facts of the compared jobs, side by side" });
    const names = within(differing)
      .getAllByRole("rowheader")
      .map((h) => h.textContent);
    expect(names.length).toBeLessThan(rowsBefore);
    expect(names).toEqual(expect.arrayContaining(["Kind", "Base model"]));
    // Both seeded jobs' start went unseen here: the same words in both, so not a difference.
    expect(names).not.toContain("Started");

    await user.click(screen.getByRole("checkbox", { name: "loss" }));
    await user.click(screen.getByRole("checkbox", { name: "reward" }));
    expect(router.location.search).toBe(`?jobs=${supportRl},${supportSft}&smooth=0.25&charts=-reward&facts=differ`);
    expect(screen.getByText(/This browser cannot draw charts/)).toHaveTextContent(/\bloss\b/);
    expect(screen.getByText(/This browser cannot draw charts/)).not.toHaveTextContent(/reward,/);
  });

  it("says which part of the comparison's address it did not understand, and drops it", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    const { router } = renderTraining(`/training/compare?jobs=${supportRl},${supportSft}&smooth=7&zoom=9-3`, server);
    expect(await screen.findByText(/Part of the link was not understood/, {}, FIRST)).toBeInTheDocument();
    await waitFor(() => expect(router.location.search).toBe(`?jobs=${supportRl},${supportSft}`));
  });

  it("reads each job's validation as the job page does and says in the legend what its dashed line is", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const first = await createRlJob(clients, 3);
    const second = await createRlJob(clients, 2);
    await tickTimes(server.runner.tick, 5);
    // Only the first job's model is evaluated (split val); the second has training logs only.
    await clients.training.logTrajectories(first.model.id, { split: "val", trajectory_groups: risingGroups(2) });
    await clients.training.logTrajectories(second.model.id, { split: "train", trajectory_groups: risingGroups(2) });
    const jobs = [first, second].map(({ jobId, model }) => ({
      id: jobId,
      model_id: model.id,
      kind: "rl",
      added_at: new Date().toISOString(),
      source: "created",
    }));
    localStorage.setItem(
      `wbops.training.registry.v1:${server.settings.trainingBaseUrl}`,
      JSON.stringify({ models: [], jobs }),
    );
    renderTraining(`/training/compare?jobs=${first.jobId},${second.jobId}`, server);

    const key = await screen.findByTestId("compare-validation-key", {}, FIRST);
    expect(key).toHaveTextContent(
      /dashed, in a job's colour: its validation \(logged with split val\) of reward, reward_std_dev/,
    );
    expect(server.requests.some((r) => r.url.includes(`/local/models/${first.model.id}/logs?split=val`))).toBe(true);
    expect(server.requests.some((r) => r.url.includes(`/local/models/${second.model.id}/logs?split=val`))).toBe(true);
  });

  it("says what is wrong with a comparison of one job", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    renderTraining(`/training/compare?jobs=${supportRl}`, server);
    expect(
      await screen.findByText("Pick 2 to 8 jobs to compare (tick them in the jobs list).", {}, FIRST),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Compared jobs" })).not.toBeInTheDocument();
  });

  it("shows a job the service does not know with a retry, beside one it knows", async () => {
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    renderTraining(`/training/compare?jobs=${supportLegacy},job_missing`, server);
    const legend = await screen.findByRole("list", { name: "Compared jobs" }, FIRST);
    await waitFor(() => expect(legend).toHaveTextContent("not on this service"), FIRST);
    expect(within(legend).getByRole("button", { name: "Retry reading job job_missing" })).toBeInTheDocument();
    expect(within(legend).getByText("Failed")).toBeInTheDocument();
  });
});
