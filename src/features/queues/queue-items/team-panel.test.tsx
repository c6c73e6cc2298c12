import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setProgress } from "@server/trace/progress";
import { renderApp, urlsOf } from "@/app/test-support";
import { createApiClients } from "@/api/clients";
import { answerWriter, seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { CLAIM_FEEDBACK_TYPE, claimPayload } from "../team/claims";
import { DEFAULT_TEAM_SETTINGS, teamSettingsObjectId, valueFromSettings } from "../team/team-settings";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 15_000 };
const MINUTE = 60_000;

/**
 * A queue asking two answers per item: Maria and Kenji answered items 1 and 2, Maria alone item 3
 * (all completed); Kenji holds item 4 under a fresh claim, Maria item 5 under one older than the
 * queue's 30 minutes.
 */
async function setup(options: { settingsFail?: boolean } = {}) {
  const server = createLocalServer();
  const { db } = server;
  const now = Date.now();
  const { queueId, queue, specs, items } = seedFreshQueue(db, {
    project: PROJECT,
    items: 12,
    name: "Team review",
    questions: ["tone"],
    at: now - 2 * 60 * MINUTE,
    first: 5,
  });
  const answer = answerWriter(db, PROJECT);
  const tone = (n: number, user: string, value: number, at: number) =>
    answer({ id: `fb-${user}-${n}`, callId: items[n]!.call_id, user, at, question: "tone", ref: specs.tone, value });
  for (const n of [0, 1, 2]) {
    const at = now - (60 - n * 5) * MINUTE;
    tone(n, "user-maria", 4, at);
    setProgress(db, queue, items[n]!.id, "user-maria", "completed", at);
    if (n === 2) continue;
    tone(n, "user-kenji", 3 + n, at + MINUTE);
    setProgress(db, queue, items[n]!.id, "user-kenji", "completed", at + MINUTE);
  }
  const claim = db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const claimOf = (n: number, user: string, at: number) => {
    setProgress(db, queue, items[n]!.id, user, "in_progress", at);
    claim.run(
      `claim-${n}`,
      PROJECT,
      `weave:///${PROJECT}/call/${items[n]!.call_id}`,
      user,
      new Date(at).toISOString(),
      CLAIM_FEEDBACK_TYPE,
      JSON.stringify(claimPayload(queueId, items[n]!.id)),
    );
  };
  claimOf(3, "user-kenji", now - 2 * MINUTE);
  claimOf(4, "user-maria", now - 45 * MINUTE);
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  await trace.createObject({
    obj: {
      project_id: PROJECT,
      object_id: teamSettingsObjectId(queueId),
      val: valueFromSettings(queueId, { ...DEFAULT_TEAM_SETTINGS, answersPerItem: 2 }),
    },
  });
  storeSettings(server, PROJECT);
  const requests: string[] = [];
  const app = renderApp({
    path: `/queues/${queueId}`,
    defaults: urlsOf(server.settings),
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
      const line = `${url.pathname} ${typeof init?.body === "string" ? init.body : ""}`;
      requests.push(line);
      if (options.settingsFail && line.includes(teamSettingsObjectId(queueId)))
        return Response.json({ message: "settings store down" }, { status: 503 });
      return server.fetch(input, init);
    },
  });
  return { ...app, queueId, requests };
}

/** A request of a whole-queue read: the items in pages of 1,000 (the page's own reads are pages of a table). */
const wholeQueueRead = (line: string) => line.includes("/items/query") && line.includes('"limit":1000');

const cellsOf = (table: HTMLElement, name: string) =>
  within(
    within(table)
      .getByRole("rowheader", { name: new RegExp(name) })
      .closest("tr") as HTMLElement,
  )
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

// "Completed today" counts from the local midnight: with the real clock, answers given an hour ago
// fall on yesterday for the first hour of every day. The clock reads noon, and still moves.
beforeEach(() => {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  vi.useFakeTimers({ toFake: ["Date"], now: noon, shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the queue page's team panel", () => {
  it("reads nothing until opened, then shows who did what and the items done with two answers each", async () => {
    const { user, queueId, requests, unmount } = await setup();
    const items = await screen.findByRole("table", { name: "Team review" }, SLOW);
    await within(items).findAllByText("user-kenji", {}, SLOW);
    const summary = screen.getByText("Team: who did what");
    // The page's own reads only: not the whole list of items.
    const settingsObject = teamSettingsObjectId(queueId);
    const settingsRead = (line: string) => line.includes(settingsObject);
    expect(requests.filter(wholeQueueRead)).toEqual([]);
    const settingsReads = requests.filter(settingsRead).length;

    await user.click(summary);
    const table = await screen.findByRole("table", { name: /Who did what/ }, SLOW);
    expect(requests.filter(wholeQueueRead)).toHaveLength(1);
    // The settings are the ones the page has read for its claims (one cache entry), or read now.
    expect(requests.filter(settingsRead).length).toBeLessThanOrEqual(Math.max(settingsReads, 1));
    // Items 1 and 2 have both annotators' answers; item 3 is completed with one.
    expect(await screen.findByText(/done \(2 answers each\)/)).toHaveTextContent("2 done (2 answers each)");
    // Completed today, completed, skipped today, skipped, in progress now, time per item, agreement.
    const maria = cellsOf(table, "user-maria");
    expect(maria.slice(0, 2)).toEqual(["3", "3"]);
    expect(maria[4]).toBe("01 stale claim");
    const kenji = cellsOf(table, "user-kenji");
    expect(kenji.slice(0, 2)).toEqual(["2", "2"]);
    expect(kenji[4]).toBe("1");
    expect(screen.getByRole("link", { name: "All of this queue's insights" })).toHaveAttribute(
      "href",
      expect.stringContaining(`/queues/${queueId}/insights`),
    );

    // Closed and opened again, the figures come from the cache: no second read of the queue.
    const reads = requests.filter(wholeQueueRead).length;
    await user.click(summary);
    await user.click(summary);
    await screen.findByRole("table", { name: /Who did what/ }, SLOW);
    expect(requests.filter(wholeQueueRead).length).toBe(reads);
    unmount();
  }, 40_000);

  it("counts without the team settings when they cannot be read, says so, and reads them again on Retry", async () => {
    const { user, queueId, requests, unmount } = await setup({ settingsFail: true });
    await user.click(await screen.findByText("Team: who did what", {}, SLOW));
    const table = await screen.findByRole("table", { name: /Who did what/ }, SLOW);
    expect(await screen.findByText(/Could not read the queue's team settings/, {}, SLOW)).toBeInTheDocument();
    // Without them: done means completed, and Maria's stale claim counts as in progress.
    expect(screen.getByText(/completed ·/).parentElement).not.toHaveTextContent("answers each");
    expect(cellsOf(table, "user-maria")[4]).toBe("1");
    const tries = requests.filter((line) => line.includes(teamSettingsObjectId(queueId))).length;
    await user.click(screen.getByRole("button", { name: /Retry/ }));
    await expect
      .poll(() => requests.filter((line) => line.includes(teamSettingsObjectId(queueId))).length)
      .toBeGreaterThan(tries);
    unmount();
  }, 40_000);
});
