import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { setProgress } from "@server/trace/progress";
import type { QueueRow } from "@server/trace/rows";
import { seedAnnotationSpecs } from "@server/trace/seed/annotation-specs";
import { renderApp, urlsOf } from "@/app/test-support";
import { krippendorffAlpha } from "@/lib/krippendorff-alpha";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { createLocalServer } from "@/test/local-server";
import { formatAlpha } from "./agreement-table";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };
const AT = Date.parse("2026-11-20T10:00:00Z");
/** Tone ratings of two annotators on the queue's first six items: one 1-vs-5 and one 4-vs-3 dispute. */
const TONE_PAIRS = [
  [5, 5],
  [4, 4],
  [3, 3],
  [1, 5],
  [2, 2],
  [4, 3],
] as const;

/**
 * A 30-item queue whose first six items were completed by user-maria and then user-kenji, each
 * with their own Tone rating, plus one shared yes/no answer (maria's) per item.
 */
function setup(wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f) {
  const server = createLocalServer();
  const { db } = server;
  const queueId = seedLargeQueue(db, { projectId: PROJECT, items: 30, name: "Tone review" });
  const specs = seedAnnotationSpecs(
    db,
    PROJECT,
    ["tone", "follows_policy", "reviewer_comment"],
    AT - 86_400_000,
    "user-demo",
  );
  db.prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?").run(
    JSON.stringify([specs.tone, specs.follows_policy, specs.reviewer_comment]),
    queueId,
  );
  const queue = db.prepare("SELECT * FROM annotation_queues WHERE id = ?").get(queueId) as QueueRow;
  // Start from a clean slate: no progress at all, then the six completions.
  db.prepare("DELETE FROM annotation_item_progress WHERE queue_seq = ?").run(queue.seq);
  db.prepare(
    "UPDATE annotation_queue_items SET annotation_state = 'unstarted', annotator_user_id = '' WHERE queue_seq = ?",
  ).run(queue.seq);
  const items = db
    .prepare(
      "SELECT id, call_id FROM annotation_queue_items WHERE queue_seq = ? AND deleted_at IS NULL ORDER BY created_at, id LIMIT 6",
    )
    .all(queue.seq) as { id: string; call_id: string }[];
  const insert = db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  items.forEach((item, index) => {
    const ref = `weave:///${PROJECT}/call/${item.call_id}`;
    const [maria, kenji] = TONE_PAIRS[index]!;
    setProgress(db, queue, item.id, "user-maria", "completed", AT + index * 60_000);
    setProgress(db, queue, item.id, "user-kenji", "completed", AT + index * 60_000 + 1000);
    insert.run(
      `fb-m-${index}`,
      PROJECT,
      ref,
      "user-maria",
      new Date(AT + index * 60_000).toISOString(),
      "wandb.annotation.tone",
      JSON.stringify({ value: maria }),
      specs.tone,
    );
    insert.run(
      `fb-k-${index}`,
      PROJECT,
      ref,
      "user-kenji",
      new Date(AT + index * 60_000 + 1000).toISOString(),
      "wandb.annotation.tone",
      JSON.stringify({ value: kenji }),
      specs.tone,
    );
    insert.run(
      `fb-p-${index}`,
      PROJECT,
      ref,
      "user-maria",
      new Date(AT + index * 60_000 + 500).toISOString(),
      "wandb.annotation.follows_policy",
      JSON.stringify({ value: index % 2 === 0 }),
      specs.follows_policy,
    );
  });
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: PROJECT, inferenceProject: "", keyStorage: "local" }),
  );
  const app = renderApp({
    path: `/queues/${queueId}/insights`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
  });
  return { ...app, server, queueId, items };
}

/**
 * The row headed `name`. The agreement table's header also holds the question's level, which
 * only phones show (jsdom applies no CSS, so it is part of the name here).
 */
const rowOf = (table: HTMLElement, name: string) => {
  const header = new RegExp(`^${name}(Ordinal|Nominal|Interval|Not measured|$)`);
  return within(table)
    .getAllByRole("row")
    .find((row) => within(row).queryByRole("rowheader", { name: header }) !== null)!;
};

afterEach(() => {
  localStorage.clear();
});

describe("queue insights page", () => {
  it("shows agreement per question, the most disputed items, answer counts and completions per annotator", async () => {
    const { items, queueId, router, user, unmount } = setup();
    await screen.findByRole("heading", { level: 1, name: "Insights: Tone review" }, SLOW);
    const agreement = await screen.findByRole("table", { name: /Agreement between annotators per question/ }, SLOW);

    const expected = krippendorffAlpha(
      TONE_PAIRS.map((pair) => [...pair]),
      "ordinal",
    ).alpha!;
    const tone = within(rowOf(agreement, "Tone")).getAllByRole("cell");
    expect(tone.map((cell) => cell.textContent)).toEqual([
      formatAlpha(expected),
      expect.stringMatching(/^(Good|Tentative|Low)/),
      "Ordinal (ranked ratings)",
      "6",
      "12",
    ]);
    expect(rowOf(agreement, "Follows the refund policy")).toHaveTextContent("One shared answer per item");
    expect(rowOf(agreement, "Comment")).toHaveTextContent("Free text: agreement is not measured.");

    const disputed = screen.getByRole("table", { name: /Items where annotators disagree most/ });
    const links = within(disputed).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual([
      `Review item ${items[3]!.id}`,
      `Review item ${items[5]!.id}`,
    ]);
    expect(within(disputed).getAllByRole("row")[1]).toHaveTextContent("1 by user-maria · 5 by user-kenji");

    const toneAnswers = screen.getByRole("figure", { name: "Tone" });
    expect(within(toneAnswers).getByText("12 answers", { exact: false })).toBeInTheDocument();
    expect(within(rowOf(within(toneAnswers).getByRole("table"), "5")).getAllByRole("cell")[0]).toHaveTextContent("3");
    const policy = screen.getByRole("figure", { name: "Follows the refund policy" });
    expect(within(rowOf(within(policy).getByRole("table"), "Yes")).getAllByRole("cell")[0]).toHaveTextContent("3");

    const perDay = screen.getByRole("table", { name: "Items completed per annotator per day", hidden: true });
    const headers = within(perDay)
      .getAllByRole("columnheader", { hidden: true })
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Day", "user-kenji", "user-maria"]);
    expect(within(perDay).getAllByRole("row", { hidden: true })).toHaveLength(2);

    await user.click(links[0]!);
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[3]!.id}`), SLOW);
    // The review it opens names the queue's project, so the address works for whoever it is sent to.
    expect(new URLSearchParams(router.location.search).get("annotation_project")).toBe(PROJECT);
    unmount();
  }, 60_000);

  it("shows who did what: each annotator's completions, pace and agreement with the other", async () => {
    const { unmount } = setup();
    const team = await screen.findByRole("table", { name: /Who did what/ }, SLOW);
    const alpha = formatAlpha(
      krippendorffAlpha(
        TONE_PAIRS.map((pair) => [...pair]),
        "ordinal",
      ).alpha!,
    );
    const cells = (name: string) =>
      within(rowOf(team, name))
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    // Both answered the six completed items a minute apart (the test's day is not today); with two
    // annotators, each one's agreement is the question's alpha.
    for (const name of ["user-kenji", "user-maria"])
      expect(cells(name)).toEqual([
        "0",
        "6",
        "—Not known: the service does not date a skip.",
        "0",
        "0",
        "1 min 0 sover 5 items",
        `${alpha}6 pairs on 6 items`,
      ]);
    unmount();
  }, 60_000);

  it("shows how far the read has got, can be cancelled and read again", async () => {
    let release: (() => void) | undefined;
    let gate: Promise<void> | null = new Promise<void>((resolve) => (release = resolve));
    const gated =
      (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
      async (input, init) => {
        const url = new Request(input, init).url;
        if (gate && url.includes("/items/query")) {
          const signal = init?.signal;
          await Promise.race([
            gate,
            new Promise((_, reject) =>
              signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
            ),
          ]);
        }
        return fetch(input, init);
      };
    const { user, unmount } = setup(gated);
    const status = await screen.findByText(/Read 0 of 30 items/, undefined, SLOW);
    expect(status.tagName).toBe("OUTPUT");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByText("Reading the queue was cancelled: nothing is computed from part of it.", undefined, SLOW);
    expect(screen.queryByRole("table", { name: /Agreement/ })).not.toBeInTheDocument();

    gate = null;
    release?.();
    await user.click(screen.getByRole("button", { name: "Read again" }));
    await screen.findByRole("table", { name: /Agreement between annotators per question/ }, SLOW);
    await act(async () => {});
    unmount();
  }, 60_000);

  it("says why the read failed and reads again on Retry", async () => {
    let refuse = true;
    const refusing =
      (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
      async (input, init) => {
        if (refuse && new Request(input, init).url.endsWith("/feedback/query")) {
          return new Response(JSON.stringify({ reason: "Feedback query refused for this test" }), {
            status: 400,
            headers: { "Content-Type": "application/json" },
          });
        }
        return fetch(input, init);
      };
    const { user, unmount } = setup(refusing);
    const alert = await screen.findByRole("alert", undefined, SLOW);
    expect(alert).toHaveTextContent("Could not read the queue's items and answers");
    expect(alert).toHaveTextContent("Feedback query refused for this test");
    expect(screen.queryByRole("table", { name: /Agreement/ })).not.toBeInTheDocument();

    refuse = false;
    await user.click(within(alert).getByRole("button", { name: /Retry/ }));
    await screen.findByRole("table", { name: /Agreement between annotators per question/ }, SLOW);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    unmount();
  }, 60_000);
});
