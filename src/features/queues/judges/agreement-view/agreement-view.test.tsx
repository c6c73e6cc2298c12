import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp, urlsOf } from "@/app/test-support";
import { createApiClients } from "@/api/clients";
import { answerWriter, seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { judgeFromObject, valueFromDraft, type Judge } from "../model/judge-value";
import { failureRequest, verdictRequest } from "../model/verdicts";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 20_000 };
const AT = Date.parse("2026-11-20T10:00:00Z");
const TONE_SCHEMA = { type: "integer", minimum: 1, maximum: 5 };

/**
 * Six calls rated for Tone (1-5) by alice and bob; c4 is a tie (no team answer). Version 1 judged
 * all six; version 2 (the latest) judged four of them.
 */
const HUMANS: [number, number][] = [
  [5, 5],
  [4, 4],
  [2, 2],
  [1, 1],
  [3, 4],
  [5, 5],
];
const V1 = [5, 4, 4, 1, 3, 3];
const V2: (number | null)[] = [5, 3, 2, null, null, 4];

async function setup(
  options: { humans?: boolean; v2?: "verdicts" | "failures" | "none"; question?: "tone" | "reviewer_comment" } = {},
) {
  const question = options.question ?? "tone";
  const server = createLocalServer();
  const { queueId, specs, items } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: 8,
    name: "Tone review",
    questions: [question],
    at: AT,
    first: 6,
  });
  storeSettings(server, PROJECT);
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  const draft = {
    name: "Tone judge",
    description: "",
    model: "meta-llama/Llama-3.3-70B-Instruct",
    service: "inference" as const,
    prompt: "Rate the tone of {{output}} for {{question}}.",
    queueId,
    specRef: specs[question],
  };
  const saveVersion = async (prompt: string): Promise<Judge> => {
    const schema = question === "tone" ? TONE_SCHEMA : { type: "string", maxLength: 500 };
    const val = valueFromDraft({ ...draft, prompt }, schema);
    const { digest } = await trace.createObject({ obj: { project_id: PROJECT, object_id: "judge-tone", val } });
    const objects = await trace.queryObjects({
      project_id: PROJECT,
      filter: { object_ids: ["judge-tone"], latest_only: false },
    });
    return judgeFromObject(objects.find((object) => object.digest === digest)!)!;
  };
  const write = answerWriter(server.db, PROJECT);
  if (options.humans !== false && question === "tone") {
    HUMANS.forEach(([alice, bob], index) => {
      const callId = items[index]!.call_id;
      write({ id: `a-${index}`, callId, user: "alice", at: AT, question: "tone", value: alice, ref: specs.tone });
      write({ id: `b-${index}`, callId, user: "bob", at: AT, question: "tone", value: bob, ref: specs.tone });
    });
  }
  const v1 = await saveVersion("Rate the tone of {{output}} for {{question}}.");
  for (const [index, answer] of V1.entries()) {
    const request = verdictRequest(PROJECT, v1, items[index]!.call_id, { answer, reasoning: `first save: ${answer}` });
    await trace.createFeedback(request);
  }
  if (options.v2 !== "none") {
    const v2 = await saveVersion("Rate the tone of {{output}} strictly, for {{question}}.");
    for (const [index, answer] of V2.entries()) {
      if (answer === null) continue;
      if (options.v2 === "failures") {
        const failure = { kind: "malformed" as const, reason: "The reply was prose, not JSON." };
        await trace.createFeedback(failureRequest(PROJECT, v2, items[index]!.call_id, failure));
        continue;
      }
      await trace.createFeedback(
        verdictRequest(PROJECT, v2, items[index]!.call_id, { answer, reasoning: `second save: ${answer}` }),
      );
    }
  }
  const app = renderApp({
    path: `/queues/${queueId}/judges/judge-tone`,
    defaults: urlsOf(server.settings),
    fetch: server.fetch,
  });
  return { ...app, server, queueId, items };
}

const rowOf = (table: HTMLElement, header: string) => {
  const row = within(table)
    .getAllByRole("row")
    .find((candidate) => within(candidate).queryByRole("rowheader")?.textContent === header);
  if (!row) throw new Error(`no row ${header}`);
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
};

afterEach(() => {
  localStorage.clear();
});

describe("a judge's agreement with the team", () => {
  it("shows both versions' figures side by side, the confusion matrix and the disagreements", async () => {
    const { items, queueId } = await setup();
    const table = await screen.findByRole("table", { name: "Against the team's answer" }, SLOW);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Figure", "v0", "v1", "Change"]);
    // v0 (the first save) against the team on c0, c1, c2, c3, c5 (c4 is a tie): judge 5 4 4 1 3, team
    // 5 4 2 1 5: 3 of 5 agree. Chance: judge 5×1, 4×2, 1×1, 3×1; team 5×2, 4×1, 2×1, 1×1: Σ = 2 + 2 + 1 = 5,
    // pe = 5 / 25 = 0.2; kappa (0.6 - 0.2) / (1 - 0.2) = 0.5.
    // v1 on c0, c1, c2, c5: judge 5 3 2 4, team 5 4 2 5: 2 of 4; Σ = 2 + 1 + 1, pe = 4 / 16; kappa 0.25 / 0.75 = 1/3.
    expect(rowOf(table, "Calls compared (n)")).toEqual(["5", "4", "−1"]);
    expect(rowOf(table, "Accuracy")).toEqual(["60%", "50%", "−10 pts"]);
    expect(rowOf(table, "Cohen's kappa")).toEqual(["0.50", "0.33", "−0.17"]);
    expect(screen.getByText("v0: kappa 0.50, moderate agreement; n too small (under 20).")).toBeInTheDocument();

    const alice = screen.getByRole("table", { name: "v0 against each annotator" });
    // Against alice on all six calls: 5 4 4 1 3 3 against 5 4 2 1 3 5: 4 of 6.
    expect(rowOf(alice, "alice").slice(0, 2)).toEqual(["6", "67%"]);

    const matrix = screen.getByRole("table", { name: "v0: the judge's answers (rows) by the team's (columns)" });
    expect(
      within(matrix)
        .getAllByRole("columnheader")
        .slice(1)
        .map((cell) => cell.textContent),
    ).toEqual(["1", "2", "3", "4", "5"]);
    expect(rowOf(matrix, "4")).toEqual(["0", "1", "0", "1 (agree)", "0"]);
    expect(rowOf(matrix, "3")).toEqual(["0", "0", "0 (agree)", "0", "1"]);
    expect(matrix.querySelectorAll("[data-diagonal]")).toHaveLength(5);

    // The newer version's disagreements by default: c1 (3 vs 4) and c5 (4 vs 5).
    const disagreements = screen.getByRole("table", { name: "Where v1 disagrees with the team" });
    const links = within(disagreements).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual([
      `Review call ${items[1]!.call_id}`,
      `Review call ${items[5]!.call_id}`,
    ]);
    expect(links[0]).toHaveAttribute("href", expect.stringContaining(`/queues/${queueId}/items/${items[1]!.id}`));
    expect(links[0]).toHaveAttribute("href", expect.stringContaining("annotation_project=demo%2Fsupport-bot"));
    expect(within(disagreements).getByText("second save: 3")).toBeInTheDocument();
    const answers = within(disagreements)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(answers).toEqual(["alice: 4", "bob: 4", "alice: 5", "bob: 5"]);
  }, 45_000);

  it("lists the verdicts that changed and what each change did", async () => {
    const { user, items } = await setup();
    const improve = await screen.findByRole("region", { name: "Improve: v1 against v0" }, SLOW);
    // Both judged c0, c1, c2, c5: v0 5 4 4 3, v1 5 3 2 4, team 5 4 2 5.
    const same = within(improve).getByRole("table", { name: "v0 and v1 on the calls both judged" });
    expect(rowOf(same, "Calls compared (n)")).toEqual(["4", "4", "0"]);
    expect(rowOf(same, "Accuracy")).toEqual(["50%", "50%", "0 pts"]);
    const changed = within(improve).getByRole("table", { name: "Verdicts that changed from v0 to v1" });
    const rows = within(changed).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["4", "3", "4", "Broken: was the team's answer"],
      ["4", "2", "2", "Fixed: now the team's answer"],
      ["3", "4", "5", "Still wrong"],
    ]);
    expect(within(rows[1]!).getByRole("link")).toHaveAccessibleName(`Review call ${items[2]!.call_id}`);
    expect(within(improve).getByText("3 verdicts changed: 1 fixed, 1 broken, 1 still wrong.")).toBeInTheDocument();

    // The older version's disagreements (c2, c5) are what the improve run asks about; v1 judged both.
    expect(within(improve).getByRole("button", { name: "Run on the 2 disagreements of v0" })).toBeDisabled();
    expect(within(improve).getByText("v1 has judged all of them.")).toBeInTheDocument();
    // Held out: the answered calls outside those two: c0, c1, c3, c4; v1 has not judged c3 and c4.
    expect(within(improve).getByRole("button", { name: "Run on a held-out sample of 4" })).toBeEnabled();
    expect(within(improve).getByText("2 to ask (2 not judged by v1 yet).")).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Of version" }), "v0");
    const old = screen.getByRole("table", { name: "Where v0 disagrees with the team" });
    expect(
      within(old)
        .getAllByRole("link")
        .map((link) => link.getAttribute("aria-label")),
    ).toEqual([`Review call ${items[2]!.call_id}`, `Review call ${items[5]!.call_id}`]);
  }, 45_000);

  it("says when nobody answered yet and when the latest version has no verdicts", async () => {
    await setup({ humans: false, v2: "none" });
    const notice = await screen.findByText(
      (_, element) =>
        element?.tagName === "P" &&
        (element.textContent ?? "").startsWith(`No one has answered "Tone" on this queue's calls yet`),
      undefined,
      SLOW,
    );
    expect(notice).toBeVisible();
    expect(screen.queryByRole("table", { name: "Against the team's answer" })).not.toBeInTheDocument();
    expect(screen.getByText("v0: 6 verdicts on the queue's calls.")).toBeInTheDocument();
  }, 45_000);

  it("says when the latest version has only failures", async () => {
    await setup({ v2: "failures" });
    const notice = await screen.findByText(/^v1 has only failures \(4\), no verdict to measure/, undefined, SLOW);
    expect(notice).toBeVisible();
    // The older version is still measured beside it, the newer with nothing to compare.
    const table = await screen.findByRole("table", { name: "Against the team's answer" }, SLOW);
    expect(rowOf(table, "Calls compared (n)")).toEqual(["5", "0", "−5"]);
    expect(
      screen.getByText("v1 has no verdict on a call the team answered, so there is nothing to compare yet."),
    ).toBeInTheDocument();
  }, 45_000);

  it("says why a free-text question's agreement is not measured", async () => {
    await setup({ question: "reviewer_comment", v2: "none" });
    const notice = await screen.findByText(
      (_, element) => element?.tagName === "P" && (element.textContent ?? "").includes("takes free text"),
      undefined,
      SLOW,
    );
    expect(notice).toHaveTextContent(/agreement is not measured: two texts seldom match word for word/);
  }, 45_000);
});
