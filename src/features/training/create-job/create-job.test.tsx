import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { createModel, rememberModel, risingGroups } from "../test-support";
import { jobCreations, renderTraining } from "../test-support";

const FIRST = { timeout: 8000 };

async function withModel(options: { baseModel?: string } = {}) {
  const server = createLocalServer();
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const model = await createModel(clients, options);
  rememberModel(server, model);
  return { server, model };
}

const jsonl = (lines: unknown[]) => lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n");

describe("creating training jobs", { timeout: 30_000 }, () => {
  it("reports malformed lines with their numbers and sends nothing", async () => {
    const { server, model } = await withModel();
    const { user } = renderTraining(`/training/jobs/new?model=${model.id}`, server);
    await screen.findByRole("form", { name: "New RL job" }, FIRST);
    // The format is explained beside the upload, with an example to download.
    expect(screen.getByRole("link", { name: "Download an example" })).toHaveAttribute(
      "download",
      "rl-trajectory-groups-example.jsonl",
    );
    const [good] = risingGroups(1);
    const broken = { trajectories: [{ messages_and_choices: [{ role: "user", content: "hi" }] }] };
    const file = new File([jsonl([good, "", "{oops", broken])], "groups.jsonl", { type: "application/x-ndjson" });
    await user.upload(screen.getByLabelText("Choose or drop a trajectory file"), file);
    const report = await screen.findByRole("region", { name: /2 problems in groups\.jsonl/ });
    expect(
      within(report)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^line 3, column 2 \(group 2\): not valid JSON: /),
      "line 4 (group 3, trajectory 1): reward is required",
    ]);
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    expect(await screen.findByText(/Fix the problems listed below first/)).toBeInTheDocument();
    expect(jobCreations(server)).toEqual([]);
  });

  it("counts a broken file consistently: the trajectories and rewards shown are those of the groups that pass, and the labels say so", async () => {
    const { server, model } = await withModel();
    const { user } = renderTraining(`/training/jobs/new?model=${model.id}`, server);
    await screen.findByRole("form", { name: "New RL job" }, FIRST);
    const good = risingGroups(5);
    const lines = [
      ...good.slice(0, 2),
      "{oops",
      ...good.slice(2),
      { trajectories: [] },
      { trajectories: [{ messages_and_choices: [{ role: "user", content: "hi" }] }] },
    ];
    await user.upload(
      screen.getByLabelText("Choose or drop a trajectory file"),
      new File([jsonl(lines)], "mixed.jsonl"),
    );
    const contents = await screen.findByLabelText("Contents of mixed.jsonl");
    const figures = Object.fromEntries(
      within(contents)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      "Groups in the file / passing the check": "8 / 5",
      "Trajectories in the 5 groups that pass": "10",
      "Trajectories per group in the 5 groups that pass": "2",
      "Reward min / mean / max (std) in the 5 groups that pass": expect.any(String),
    });
    expect(screen.getByText(/: 8 groups: 5 pass the check, 3 have problems \(3 problems\)\.$/)).toBeInTheDocument();
  });

  it("names the group of a service's refusal from 1, as the file check does (the service's loc counts from 0)", async () => {
    const { server, model } = await withModel();
    const refusing: typeof server.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST" && new URL(request.url).pathname.endsWith("/preview/training-jobs")) {
        return Response.json(
          {
            detail: [
              {
                loc: ["body", "trajectory_groups", 1],
                msg: "A trajectory group should have at most 4194304 characters of JSON",
                type: "too_long",
              },
            ],
          },
          { status: 422 },
        );
      }
      return server.fetch(request);
    };
    const { user } = renderTraining(`/training/jobs/new?model=${model.id}`, { ...server, fetch: refusing });
    await screen.findByRole("form", { name: "New RL job" }, FIRST);
    await user.upload(
      screen.getByLabelText("Choose or drop a trajectory file"),
      new File([jsonl(risingGroups(3))], "groups.jsonl"),
    );
    await screen.findByLabelText("Contents of groups.jsonl");
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    expect(
      await screen.findByText("Group 2: A trajectory group should have at most 4194304 characters of JSON"),
    ).toBeInTheDocument();
  });

  it("warns when the chosen model's base is one the service does not train (the job would be taken, then fail)", async () => {
    const { server, model } = await withModel({ baseModel: "meta/llama-unsupported" });
    renderTraining(`/training/jobs/new?model=${model.id}`, server);
    await screen.findByRole("form", { name: "New RL job" }, FIRST);
    expect(screen.getByRole("combobox", { name: "Model" })).toHaveAccessibleDescription(
      /meta\/llama-unsupported is not a base model the training service trains/,
    );
  });

  it("previews a good file, starts the job, adds it to this browser's list and opens it", async () => {
    const { server, model } = await withModel();
    const { user, router } = renderTraining(`/training/jobs/new?model=${model.id}`, server);
    await screen.findByRole("form", { name: "New RL job" }, FIRST);
    expect(screen.getByLabelText("Model")).toHaveValue(model.id);
    const file = new File([jsonl(risingGroups(3))], "groups.jsonl");
    await user.upload(screen.getByLabelText("Choose or drop a trajectory file"), file);
    const contents = await screen.findByLabelText("Contents of groups.jsonl");
    expect(contents).toHaveTextContent("Groups (gradient steps)3");
    expect(contents).toHaveTextContent("Trajectories6");
    expect(contents).toHaveTextContent("Reward min / mean / max (std)0.1 / 0.35 / 0.9");
    await user.type(screen.getByLabelText("Learning rate"), "2e-5");
    await user.type(screen.getByLabelText(/Other experimental settings/), '{{"warmup_steps": 1}');
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/training\/jobs\/job_/));
    const [sent] = jobCreations(server);
    const body = await sent!.json();
    expect(body.model_id).toBe(model.id);
    expect(body.trajectory_groups).toHaveLength(3);
    expect(body.experimental_config).toEqual({ warmup_steps: 1, learning_rate: 2e-5 });
    const stored = JSON.parse(localStorage.getItem(`wbops.training.registry.v1:${server.settings.trainingBaseUrl}`)!);
    expect(stored.jobs[0]).toMatchObject({
      model_id: model.id,
      kind: "rl",
      source: "created",
      request: { learning_rate: 2e-5, experimental_config: { warmup_steps: 1 } },
      data_size: { groups: 3, trajectories: 6 },
      origin: { kind: "file", fileName: "groups.jsonl" },
    });
    // The job's page shows what the service will not give back.
    const facts = await screen.findByTestId("job-facts", {}, FIRST);
    expect(facts).toHaveTextContent("Learning rate0.00002");
    expect(facts).toHaveTextContent('Experimental config{"warmup_steps":1}');
    expect(facts).toHaveTextContent("Data fromfile groups.jsonl");
    expect(facts).toHaveTextContent("Data size3 groups, 6 trajectories");
  });

  it("checks an SFT job's fields before sending, then starts it", async () => {
    const { server, model } = await withModel();
    const { user, router } = renderTraining(`/training/jobs/new?kind=sft&model=${model.id}`, server);
    await screen.findByRole("form", { name: "New SFT job" }, FIRST);
    await user.type(screen.getByLabelText("Training data URL"), "ftp://example.com/data.jsonl");
    await user.click(screen.getByRole("radio", { name: "Fixed" }));
    await user.clear(screen.getByLabelText("Examples per batch"));
    await user.type(screen.getByLabelText("Examples per batch"), "0");
    await user.type(screen.getByLabelText("Learning rate"), "-1");
    await user.click(screen.getByRole("button", { name: "Start SFT job" }));
    expect(screen.getByLabelText("Training data URL")).toHaveAccessibleDescription(/wandb-artifact:/);
    expect(screen.getByLabelText("Examples per batch")).toHaveAccessibleDescription(/whole number from 1 to 4096/);
    expect(screen.getByLabelText("Learning rate")).toHaveAccessibleDescription(/positive number/);
    expect(jobCreations(server)).toEqual([]);

    await user.clear(screen.getByLabelText("Training data URL"));
    await user.type(
      screen.getByLabelText("Training data URL"),
      "wandb-artifact:///demo/support-bot/support-dialogs:v1",
    );
    await user.clear(screen.getByLabelText("Examples per batch"));
    await user.type(screen.getByLabelText("Examples per batch"), "4");
    await user.clear(screen.getByLabelText("Learning rate"));
    await user.click(screen.getByRole("button", { name: "Start SFT job" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/training\/jobs\/job_/));
    const body = await jobCreations(server)[0]!.json();
    expect(body).toEqual({
      model_id: model.id,
      training_data_url: "wandb-artifact:///demo/support-bot/support-dialogs:v1",
      config: { batch_size: 4 },
    });
  });
});
