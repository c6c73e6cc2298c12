import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { objectRefOf } from "@contract/weave-refs";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { DEMO_SPECS } from "@server/trace/seed/annotation-specs";
import { createApiClients } from "@/api/clients";
import { callRef } from "@/api/annotation-specs";
import { renderApp, urlsOf } from "@/app/test-support";
import { answerWriter, DEMO_QUESTIONS, firstItem, seedQuestions } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { judgeObjectId, valueFromDraft } from "../../judges/model/judge-value";
import { failureRequest, verdictRequest } from "../../judges/model/verdicts";
import { DEFAULT_TEAM_SETTINGS, teamSettingsObjectId, valueFromSettings } from "../../team/team-settings";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };
type Question = (typeof DEMO_QUESTIONS)[number];

/** A review of one item of a queue with the demo's four questions, and a judge per question that `judges` names. */
async function setup({ blind = false }: { blind?: boolean } = {}) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 3, name: "Tone review" });
  const specs = seedQuestions(server.db, PROJECT, DEMO_QUESTIONS);
  server.db
    .prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?")
    .run(JSON.stringify(Object.values(specs)), queueId);
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  const item = await firstItem(server, PROJECT, queueId);
  storeSettings(server, PROJECT);
  if (blind)
    await trace.createObject({
      obj: {
        project_id: PROJECT,
        object_id: teamSettingsObjectId(queueId),
        val: valueFromSettings(queueId, { ...DEFAULT_TEAM_SETTINGS, blindReview: true }),
      },
    });

  /** A judge of the question, saved as the judges page saves one. */
  const saveJudge = async (question: Question, name: string) => {
    const id = judgeObjectId(name, new Set());
    const draft = {
      name,
      description: "",
      model: "meta-llama/Llama-3.3-70B-Instruct",
      service: "inference" as const,
      prompt: "Answer {{question}} for {{output}}",
      queueId,
      specRef: specs[question],
    };
    const { digest } = await trace.createObject({
      obj: { project_id: PROJECT, object_id: id, val: valueFromDraft(draft, DEMO_SPECS[question].field_schema) },
    });
    return { id, ref: objectRefOf(PROJECT, id, digest) };
  };
  const judgeSays = async (question: Question, name: string, answer: unknown, reasoning: string) =>
    trace.createFeedback(verdictRequest(PROJECT, await saveJudge(question, name), item.call_id, { answer, reasoning }));
  const judgeFails = async (question: Question, name: string, reason: string) =>
    trace.createFeedback(
      failureRequest(PROJECT, await saveJudge(question, name), item.call_id, { kind: "refused", reason }),
    );

  /** The call's feedback rows but claim records: [type, value (answers) or output (verdicts), by]. */
  const rows = () =>
    (
      server.db
        .prepare(
          "SELECT feedback_type, payload, wb_user_id FROM trace_feedback WHERE weave_ref = ? AND feedback_type != 'wbops.claim' ORDER BY seq",
        )
        .all(callRef(PROJECT, item.call_id)) as { feedback_type: string; payload: string; wb_user_id: string }[]
    ).map((row) => {
      const payload = JSON.parse(row.payload);
      return [
        row.feedback_type,
        "value" in payload ? payload.value : (payload.output?.answer ?? payload.kind),
        row.wb_user_id,
      ];
    });
  const render = () =>
    renderApp({ path: `/queues/${queueId}/items/${item.id}`, defaults: urlsOf(server.settings), fetch: server.fetch });
  return { server, specs, item, judgeSays, judgeFails, rows, render };
}

const checked = (group: HTMLElement) =>
  within(group)
    .getAllByRole("radio")
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => radio.closest("label")?.textContent);

describe("a judge's verdicts as suggestions in the review", () => {
  it("pre-selects a verdict marked as the judge's, saves nothing until the accept key, then saves it as mine", async () => {
    const { judgeSays, rows, render } = await setup();
    await judgeSays("tone", "Tone judge", 4, "Warm, and names the refund amount.");
    await judgeSays("follows_policy", "Policy judge", false, "Promises a refund in 2 days; the policy says 5.");
    const { user } = render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    const suggested = await within(tone).findByRole("radio", { name: /^4 Judge's suggestion, not saved/ }, SLOW);
    expect(suggested).toBeChecked();
    expect(
      within(tone)
        .getByText(/Suggested by the judge/)
        .closest("p"),
    ).toHaveTextContent("Suggested by the judge Tone judge (latest version): not saved until you accept it");
    expect(tone).toHaveAccessibleDescription(/Suggested by the judge Tone judge/);
    await user.click(within(tone).getByText("Why?"));
    expect(within(tone).getByText("Warm, and names the refund amount.")).toBeVisible();
    const policy = screen.getByRole("group", { name: "Follows the refund policy" });
    expect(within(policy).getByRole("radio", { name: /^No Judge's suggestion/ })).toBeChecked();
    // Shown, never saved: only the judges' own rows are on the call.
    expect(rows()).toEqual([
      ["wandb.runnable.judge-tone-judge", 4, "user-demo"],
      ["wandb.runnable.judge-policy-judge", false, "user-demo"],
    ]);

    await user.keyboard("a");
    await waitFor(
      () =>
        expect(rows()).toEqual([
          ["wandb.runnable.judge-tone-judge", 4, "user-demo"],
          ["wandb.runnable.judge-policy-judge", false, "user-demo"],
          ["wandb.annotation.tone", 4, "user-demo"],
          ["wandb.annotation.follows_policy", false, "user-demo"],
        ]),
      SLOW,
    );
    // Mine now: filled as an answer, the judge's verdict beside it.
    await waitFor(() => expect(within(tone).getByRole("radio", { name: /^4$/ })).toBeChecked(), SLOW);
    expect(within(tone).getByText(/Judge said/)).toHaveTextContent("Judge said 4 (Tone judge, latest version)");
    expect(screen.queryByRole("button", { name: /Accept the judge's/ })).toBeNull();
  }, 60_000);

  it("saves a different answer as a correction, keeps the verdict, and shows what the judge said beside it", async () => {
    const { judgeSays, rows, render } = await setup();
    await judgeSays("resolution", "Resolution judge", "Resolved", "The customer got the refund date.");
    const { user } = render();
    const resolution = await screen.findByRole("group", { name: "Resolution" }, SLOW);
    expect(await within(resolution).findByRole("radio", { name: /^Resolved Judge's/ }, SLOW)).toBeChecked();
    await user.click(within(resolution).getByRole("radio", { name: /^Not resolved/ }));
    await waitFor(
      () =>
        expect(rows()).toEqual([
          ["wandb.runnable.judge-resolution-judge", "Resolved", "user-demo"],
          ["wandb.annotation.resolution", "Not resolved", "user-demo"],
        ]),
      SLOW,
    );
    expect(within(resolution).getByRole("radio", { name: /^Not resolved/ })).toBeChecked();
    expect(within(resolution).getByRole("radio", { name: /^Resolved$/ })).not.toBeChecked();
    expect(within(resolution).getByText(/Judge said/)).toHaveTextContent("Judge said Resolved (Resolution judge");
    // Nothing is left to accept: the key saves nothing more.
    await user.keyboard("a");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rows()).toHaveLength(2);
  }, 60_000);

  it("picking the suggested option itself saves it as mine", async () => {
    const { judgeSays, rows, render } = await setup();
    await judgeSays("tone", "Tone judge", 2, "Cold.");
    render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    fireEvent.click(await within(tone).findByRole("radio", { name: /^2 Judge's/ }, SLOW));
    await waitFor(() => expect(rows().at(-1)).toEqual(["wandb.annotation.tone", 2, "user-demo"]), SLOW);
  }, 60_000);

  it("pre-fills a typed question with the judge's text, unsaved until accepted; clearing it saves nothing", async () => {
    const { judgeSays, rows, render } = await setup();
    await judgeSays("reviewer_comment", "Comment judge", "Names the amount.", "The amount is the point.");
    const { user } = render();
    const comment = await screen.findByRole("group", { name: "Comment" }, SLOW);
    const box = within(comment).getByRole("textbox");
    await waitFor(() => expect(box).toHaveValue("Names the amount."), SLOW);
    expect(within(comment).getByText("Judge's suggestion, not saved")).toBeInTheDocument();
    // Going in and out of the field, or emptying it, is no answer.
    await user.click(box);
    await user.clear(box);
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(rows()).toEqual([["wandb.runnable.judge-comment-judge", "Names the amount.", "user-demo"]]);
    await user.click(screen.getByRole("button", { name: "Accept the judge's suggestion" }));
    await waitFor(
      () => expect(rows().at(-1)).toEqual(["wandb.annotation.reviewer_comment", "Names the amount.", "user-demo"]),
      SLOW,
    );
    // The field shows what was saved, though it had been emptied.
    expect(box).toHaveValue("Names the amount.");
  }, 60_000);

  it("shows a failure with its reason and suggests nothing", async () => {
    const { judgeFails, rows, render } = await setup();
    await judgeFails("follows_policy", "Policy judge", "The model answered prose, not JSON");
    render();
    const policy = await screen.findByRole("group", { name: "Follows the refund policy" }, SLOW);
    expect(await within(policy).findByText(/The judge could not answer/, {}, SLOW)).toHaveTextContent(
      "The judge could not answer: The model answered prose, not JSON (Policy judge, latest version)",
    );
    expect(checked(policy)).toEqual([]);
    expect(screen.queryByRole("button", { name: /Accept the judge's/ })).toBeNull();
    expect(rows()).toEqual([["wbops.judge_failure", "refused", "user-demo"]]);
  }, 60_000);

  it("suggests nothing once I have answered: my answer stands, the judge's beside it", async () => {
    const { server, specs, item, judgeSays, rows, render } = await setup();
    answerWriter(
      server.db,
      PROJECT,
    )({
      id: "mine",
      callId: item.call_id,
      user: "user-demo",
      at: Date.now() - 60_000,
      question: "tone",
      value: 2,
      ref: specs.tone,
    });
    await judgeSays("tone", "Tone judge", 5, "Very warm.");
    const { user } = render();
    const tone = await screen.findByRole("group", { name: "Tone" }, SLOW);
    expect(await within(tone).findByText(/Judge said/, {}, SLOW)).toHaveTextContent("Judge said 5 (Tone judge");
    expect(within(tone).getByRole("radio", { name: /^2$/ })).toBeChecked();
    expect(within(tone).getByRole("radio", { name: /^5$/ })).not.toBeChecked();
    expect(within(tone).queryByText(/Suggested by the judge/)).toBeNull();
    await user.keyboard("a");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rows()).toEqual([
      ["wandb.annotation.tone", 2, "user-demo"],
      ["wandb.runnable.judge-tone-judge", 5, "user-demo"],
    ]);
  }, 60_000);

  it("still suggests under blind review (a judge is not another annotator), with the accept button", async () => {
    const { judgeSays, rows, render } = await setup({ blind: true });
    await judgeSays("tone", "Tone judge", 3, "Neutral.");
    const { user } = render();
    expect(
      await screen.findByText("Others' answers are hidden until you answer: blind review", {}, SLOW),
    ).toBeInTheDocument();
    const tone = screen.getByRole("group", { name: "Tone" });
    expect(await within(tone).findByRole("radio", { name: /^3 Judge's/ }, SLOW)).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Accept the judge's suggestion" }));
    await waitFor(() => expect(rows().at(-1)).toEqual(["wandb.annotation.tone", 3, "user-demo"]), SLOW);
  }, 60_000);
});
