import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp, urlsOf } from "@/app/test-support";
import { REGISTRY_KEY_PREFIX } from "@/features/training/registry/registry-store";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { createLocalServer } from "@/test/local-server";
import { seedRatedQueue, seedToneJudge, TEST_PROJECT } from "./test-support";

const SLOW = { timeout: 10_000 };

function setup(
  wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f,
  options: { onlyFreeText?: boolean; knownModels?: readonly object[]; search?: string } = {},
) {
  const server = createLocalServer();
  const { queueId, refs } = seedRatedQueue(server);
  return openPage(server, queueId, refs, wrapFetch, options);
}

function openPage(
  server: ReturnType<typeof createLocalServer>,
  queueId: string,
  refs: readonly string[],
  wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch,
  options: { onlyFreeText?: boolean; knownModels?: readonly object[]; search?: string },
) {
  // The comment question alone: free text, no reward.
  if (options.onlyFreeText)
    server.db
      .prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?")
      .run(JSON.stringify(refs.slice(1)), queueId);
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  if (options.knownModels)
    localStorage.setItem(
      `${REGISTRY_KEY_PREFIX}${server.settings.trainingBaseUrl}`,
      JSON.stringify({ models: options.knownModels, jobs: [] }),
    );
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: TEST_PROJECT, inferenceProject: "", keyStorage: "local" }),
  );
  const app = renderApp({
    path: `/queues/${queueId}/train${options.search ?? ""}`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
  });
  return { ...app, server, queueId };
}

const statOf = (name: string) => {
  const stats = screen.getByRole("region", { name: "The selection" });
  const term = within(stats).getByText(name);
  return term.nextElementSibling?.textContent;
};

afterEach(() => {
  localStorage.clear();
});

/** A 422 for every new job, as the service words one. */
const refuseJobs =
  (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    if (request.method === "POST" && new URL(request.url).pathname.endsWith("/preview/training-jobs")) {
      return Response.json(
        {
          detail: [
            { loc: ["body", "trajectory_groups"], msg: "too many groups for this test", type: "value_error" },
            {
              loc: ["body", "trajectory_groups", 1, "trajectories", 0, "reward"],
              msg: "Field required",
              type: "missing",
            },
          ],
        },
        { status: 422 },
      );
    }
    return fetch(request);
  };

describe("Train from this queue", () => {
  it("maps the queue's non-chat calls by suggested paths, previews the groups, and starts a job that names its queue", async () => {
    const { user, router, unmount, queueId } = setup();
    await screen.findByRole("heading", { level: 1, name: "Train from this queue: Refund answers" }, SLOW);
    // The seeded calls keep the question and the answer as text: the paths are suggested from them.
    const prompts = await screen.findAllByRole("combobox", { name: /Prompt path of/ }, SLOW);
    expect(prompts.map((input) => (input as HTMLInputElement).value)).toEqual(prompts.map(() => "inputs.question"));
    const answers = screen.getAllByRole("combobox", { name: /Answer path of/ });
    expect(answers.map((input) => (input as HTMLInputElement).value)).toEqual(answers.map(() => "output.answer"));
    await screen.findByRole("region", { name: "The selection" }, SLOW);
    // 12 completed items over six questions: groups of two by input (less failed calls, listed with their reason).
    const groups = Number(statOf("Groups (gradient steps)"));
    expect(groups).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole("table", { name: /with the spread of its rewards/ })).toBeInTheDocument();
    expect(
      await screen.findByText(/^Request about \d+\.\d MiB of the 32 MiB the training service takes in one job\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Question" })).toHaveValue("tone");
    expect(
      within(screen.getByRole("combobox", { name: "Question" })).getByRole("option", {
        name: "Comment (free text: no reward)",
      }),
    ).toBeDisabled();

    // Fixed groups of 3, a reward scaled to 0–1, a new model: all in the URL.
    await user.click(screen.getByRole("radio", { name: /Fixed-size groups/ }));
    await user.clear(screen.getByRole("textbox", { name: "Trajectories per group" }));
    await user.type(screen.getByRole("textbox", { name: "Trajectories per group" }), "3");
    await user.click(screen.getByRole("radio", { name: /^Scaled to 0–1 \(higher is better\)/ }));
    await user.click(screen.getByRole("radio", { name: "A new model" }));
    expect(router.location.search).toContain("group=fixed");
    expect(router.location.search).toContain("size=3");
    await waitFor(() => expect(statOf("Reward min / mean / max (std)")).toMatch(/^0(\.\d+)? \//));

    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/training\/jobs\/job_/), SLOW);
    expect(await screen.findByTestId("job-origin", {}, SLOW)).toHaveTextContent(
      "Trained from the queue Refund answers with the reward from Tone",
    );
    const registry = JSON.parse(
      Object.entries(localStorage).find(([key]) => key.startsWith(REGISTRY_KEY_PREFIX))?.[1] ?? "{}",
    ) as { jobs: { origin?: unknown }[]; models: { name?: string }[] };
    expect(registry.jobs[0]?.origin).toEqual({
      kind: "queue",
      projectId: TEST_PROJECT,
      queueId,
      queueName: "Refund answers",
      rewardSpec: { ref: expect.stringContaining("/object/tone:"), label: "Tone" },
    });
    expect(registry.models.map((m) => m.name)).toContain("refund-answers-rl");
    unmount();
  }, 30_000);

  it("keeps every choice when the service refuses the job, and reuses the model it created", async () => {
    const { user, router, unmount } = setup(refuseJobs);
    await screen.findByRole("region", { name: "The selection" }, SLOW);
    await user.click(screen.getByRole("radio", { name: /By trace/ }));
    await user.click(screen.getByRole("radio", { name: "Keep" }));
    await user.click(screen.getByRole("radio", { name: "A new model" }));
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert).toHaveTextContent("The job was not created");
    expect(alert).toHaveTextContent("too many groups for this test");
    // The service's loc counts from 0; the page numbers groups and trajectories from 1, as its previews do.
    expect(alert).toHaveTextContent("Group 2, trajectory 1: reward: Field required");
    expect(alert).not.toHaveTextContent("trajectory_groups.1");
    expect(router.location.pathname).toMatch(/\/train$/);
    expect(router.location.search).toContain("group=trace");
    expect(router.location.search).toContain("singles=keep");
    // The model was made before the job was refused: a retry trains it instead of making another.
    await waitFor(() => expect(router.location.search).toMatch(/model=model_/));
    await waitFor(() => expect(screen.getByRole("radio", { name: "An existing model" })).toBeChecked());
    expect(screen.getByRole("combobox", { name: "Model" })).toHaveDisplayValue(
      "refund-answers-rl · OpenPipe/Qwen3-14B-Instruct",
    );
    unmount();
  }, 30_000);

  it("says what is missing when Start is pressed too early, and stops saying it once it is chosen", async () => {
    const { user, unmount } = setup();
    await screen.findByRole("region", { name: "The selection" }, SLOW);
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    expect(screen.getByText("Choose the model to train, or create a new one.")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "A new model" }));
    expect(screen.queryByText("Choose the model to train, or create a new one.")).not.toBeInTheDocument();
    await user.clear(screen.getByRole("textbox", { name: "Name" }));
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    expect(screen.getByText("Give the new model a project and a name.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "tone-rl");
    expect(screen.queryByText("Give the new model a project and a name.")).not.toBeInTheDocument();
    unmount();
  }, 30_000);

  it("warns before Start when the chosen model's base is one the service does not train (its job would be created, then fail)", async () => {
    const model = {
      id: "model_oldbase",
      entity: "demo",
      project: "support-bot",
      name: "old-base",
      base_model: "meta/llama-unsupported",
      added_at: new Date().toISOString(),
      source: "opened",
    };
    const { user, unmount } = setup(undefined, { knownModels: [model] });
    await screen.findByRole("region", { name: "The selection" }, SLOW);
    const picker = screen.getByRole("combobox", { name: "Model" });
    await user.selectOptions(picker, "model_oldbase");
    expect(picker).toHaveAccessibleDescription(
      /meta\/llama-unsupported is not a base model the training service trains/,
    );
    unmount();
  }, 30_000);

  it("shows sample trajectories as text, and leaves an op out (kept in the URL) or takes it back", async () => {
    const { user, router, unmount } = setup();
    const samples = await screen.findByRole("region", { name: "Sample trajectories" }, SLOW);
    expect(within(samples).getAllByRole("heading", { level: 3 })[0]).toHaveTextContent(/^Group 1: /);
    expect(
      within(samples).getAllByText(
        (_, element) => element?.tagName === "P" && /^Trajectory 1 · reward -?\d/.test(element.textContent ?? ""),
      ).length,
    ).toBeGreaterThan(0);
    // The seeded calls' questions and answers, as text, the answer marked.
    expect(
      within(samples).getAllByText(
        (_, element) => element?.tagName === "SPAN" && element.textContent === "assistant · answer",
      ).length,
    ).toBeGreaterThan(0);

    // Every op of this queue is left out by hand: no groups, no samples.
    const includes = screen.getAllByRole("checkbox", { name: /^Include / });
    expect(includes.length).toBeGreaterThan(1);
    for (const include of includes) {
      expect(include).toBeChecked();
      await user.click(include);
    }
    await waitFor(() => expect(router.location.search).toMatch(/ops=-[^&]*%2C-/));
    expect(
      await screen.findByText(/^\d+ calls are of ops left out \(Conversations\)\.$/, {}, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(statOf("Groups (gradient steps)")).toBe("0"));
    expect(screen.queryByRole("region", { name: "Sample trajectories" })).not.toBeInTheDocument();
    const search = router.location.search;
    unmount();
    localStorage.clear();

    // A reload (the same address, afresh) keeps them left out; one is taken back.
    const again = setup(undefined, { search });
    await screen.findByRole("region", { name: "The selection" }, SLOW);
    const [first, ...rest] = screen.getAllByRole("checkbox", { name: /^Include / });
    expect([first, ...rest].every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    await again.user.click(first!);
    await waitFor(() => expect(again.router.location.search).toMatch(/ops=%2B|ops=\+/));
    expect(first).toBeChecked();
    again.unmount();
  }, 40_000);

  it("says so when no question of the queue can be a reward", async () => {
    const { unmount, server } = setup(undefined, { onlyFreeText: true });
    expect(await screen.findByText(/None of this queue's questions can be a reward/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start RL job" })).not.toBeInTheDocument();
    // Nothing to train on, so the queue is not read at all.
    expect(server.requests.filter((request) => request.url.includes("/items/query"))).toEqual([]);
    unmount();
  }, 30_000);

  it("takes a judge's verdicts where no one answered, with its agreement, after dropping an unknown judge from the link", async () => {
    const server = createLocalServer();
    const { queueId, refs, callIds } = seedRatedQueue(server);
    // Items 1–12 were answered by two annotators; the judge answered items 7–23 and failed on the 24th.
    const judge = await seedToneJudge(
      server,
      { queueId, toneRef: refs[0] as string },
      {
        verdicts: callIds.slice(6, 23).map((callId, index) => ({ callId, answer: (index % 5) + 1 })),
        failures: [{ callId: callIds[23] as string, reason: "the reply was prose" }],
      },
    );
    const { user, router, unmount } = openPage(server, queueId, refs, (f) => f, {
      search: "?judge=judge-ghost&group=fixed&size=4&singles=keep",
    });
    const notice = await screen.findByText("Part of the link was not understood and was ignored:", {}, SLOW);
    expect(notice.parentElement).toHaveTextContent("judge=judge-ghost: this queue has no such judge.");
    expect(await screen.findByRole("radio", { name: "Annotators' answers" }, SLOW)).toBeChecked();
    await waitFor(() => expect(statOf("Trajectories in groups")).toBe("12"), SLOW);
    expect(screen.queryByTestId("reward-sources")).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Annotators, and a judge where no one answered" }));
    expect(router.location.search).toContain("judge=judge-tone");
    expect(screen.getByRole("checkbox", { name: /^Not started/ })).toBeChecked();
    await waitFor(
      () => expect(screen.getByTestId("reward-sources")).toHaveTextContent("12 from people, 11 from Tone judge v0"),
      SLOW,
    );
    const agreement = await screen.findByRole("region", { name: "The judge's agreement with the team" }, SLOW);
    // Only item 11's two annotators agree among the calls the judge also answered: a tie is no majority.
    expect(within(agreement).getByText("Calls").nextElementSibling).toHaveTextContent(/^1$/);
    expect(
      screen
        .getAllByRole("note")
        .some((note) => note.textContent?.endsWith("its rewards may teach the model the wrong thing.")),
    ).toBe(true);
    const unusable = screen.getByRole("table", { name: /cannot be used, with the reason/ });
    expect(within(unusable).getByText("the reply was prose")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "A new model" }));
    await user.click(screen.getByRole("button", { name: "Start RL job" }));
    const confirm = await screen.findByRole("dialog", { name: "Train on this judge's rewards?" });
    expect(server.requests.some((r) => r.url.endsWith("/preview/training-jobs"))).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Start anyway" }));
    await waitFor(() => expect(router.location.pathname).toMatch(/^\/training\/jobs\/job_/), SLOW);
    const sent = server.requests.find((r) => r.url.endsWith("/preview/training-jobs"));
    const body = (await sent?.clone().json()) as {
      trajectory_groups: { trajectories: { metadata: Record<string, unknown> }[] }[];
    };
    const sources = body.trajectory_groups.flatMap((g) => g.trajectories.map((t) => t.metadata.reward_source));
    expect(sources.filter((source) => source === "human")).toHaveLength(12);
    expect(sources.filter((source) => source === `judge:${judge.ref}`)).toHaveLength(11);
    unmount();
  }, 60_000);
});
