import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { seedAnnotationSpecs } from "@server/trace/seed/annotation-specs";
import { callRef } from "@/api/annotation-specs";
import { createApiClients } from "@/api/clients";
import { recordRequests } from "@/api/test-support";
import { renderApp, urlsOf } from "@/app/test-support";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { answerWriter } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { createObject } from "@server/trace/objects/objects";
import { DEFAULT_TEAM_SETTINGS, teamSettingsObjectId, valueFromSettings } from "../team/team-settings";
import { COLUMN_VISIBILITY_STORAGE_KEY } from "./items-columns";

const PROJECT = "demo/support-bot";
/** Generous: these render the whole app in jsdom, which is slow on a busy machine. */
const SLOW = { timeout: 10_000 };

function setup(
  search = "size=25",
  wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f,
  prepare?: (server: ReturnType<typeof createLocalServer>, queueId: string) => void,
) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 60, name: "Tone review" });
  prepare?.(server, queueId);
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: PROJECT, inferenceProject: "", keyStorage: "local" }),
  );
  const app = renderApp({
    path: `/queues/${queueId}?${search}`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
  });
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const search$ = () => new URLSearchParams(app.router.location.search);
  return { server, queueId, clients, ...app, search: search$ };
}

/** The items page with its items query held back until `open` is called, as on a slow first load. */
function setupWithItemsHeld() {
  const gate = { open: () => {} };
  const held = new Promise<void>((resolve) => (gate.open = resolve));
  const app = setup("size=25", (fetch) => async (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith("/items/query")) await held;
    return fetch(input, init);
  });
  return { ...app, open: () => gate.open() };
}

const table = () => screen.findByRole("table", { name: "Tone review" }, SLOW);
/** The table's data rows (its header row left out). */
const dataRows = () => screen.getAllByRole("row").slice(1);
const cellsOf = (itemId: string) =>
  within(screen.getAllByRole("row").find((row) => row.getAttribute("data-item-id") === itemId)!).getAllByRole("cell");
const rangeText = () =>
  screen.getByRole("navigation", { name: "Pagination" }).querySelector("output")?.textContent ?? "";

describe("queue items page", () => {
  it("keeps its view in the URL: pages, state filter, Back", async () => {
    const { user, search, router } = setup();
    await table();
    await waitFor(() => expect(rangeText()).toContain("1–25 of 60"), SLOW);

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(search().get("page")).toBe("2"), SLOW);
    await waitFor(() => expect(rangeText()).toContain("26–50 of 60"), SLOW);
    expect(within(await table()).getByRole("link", { name: "Open item 26" })).toBeInTheDocument();

    const state = screen.getByRole("group", { name: "State" });
    await user.click(within(state).getByRole("checkbox", { name: "Completed" }));
    await waitFor(() => expect(search().get("state")).toBe("completed"), SLOW);
    expect(search().get("page")).toBeNull();
    await waitFor(() => {
      const badges = within(screen.getByRole("table")).getAllByText(/^(Completed|Unstarted|In progress|Skipped)$/);
      expect(badges.every((b) => b.textContent === "Completed")).toBe(true);
    }, SLOW);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get("page")).toBe("2"), SLOW);
    expect(
      within(screen.getByRole("group", { name: "State" })).getByRole("checkbox", { name: "Completed" }),
    ).not.toBeChecked();
  }, 60_000);

  it("drops what it cannot read from the link and says so", async () => {
    const { search } = setup("sort=nope.asc,created_at.desc&page=-3&size=25");
    await table();
    expect(await screen.findByText(/Part of the link was not understood/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/'nope' is not a sortable column/)).toBeInTheDocument();
    await waitFor(() => expect(search().toString()).toBe("sort=created_at.desc&size=25"), SLOW);
    expect(screen.getByRole("button", { name: "Created" }).closest("th")).toHaveAttribute("aria-sort", "descending");
  }, 60_000);

  it("debounces a text filter and goes back to page 1", async () => {
    const { user, search, clients, queueId } = setup("size=25&page=2");
    await table();
    const { items } = await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 1, offset: 30 });
    const callId = items[0]!.call_id;
    await user.type(screen.getByLabelText("Call ID"), callId);
    // Nothing is committed while typing.
    expect(search().get("call")).toBeNull();
    await waitFor(() => expect(search().get("call")).toBe(callId), SLOW);
    expect(search().get("page")).toBeNull();
    await waitFor(() => expect(rangeText()).toContain("1–1 of 1"), SLOW);
    // A text filter is numbered as its own list (upstream numbers rows after the scalar filters).
    expect(within(screen.getByRole("table")).getByRole("link", { name: "Open item 1" })).toBeInTheDocument();
  }, 60_000);

  it("finds a row's operation by the name the table shows, and sends the service the op's full ref", async () => {
    const { user, search, clients, queueId } = setup("size=25");
    await table();
    const { items } = await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 1 });
    const opRef = items[0]!.call_op_name;
    const opCell = (row: HTMLElement) => within(row).getByTitle(opRef);
    const shown = await waitFor(
      () =>
        opCell(screen.getAllByRole("row").find((row) => row.getAttribute("data-item-id") === items[0]!.id)!)
          .textContent!,
      SLOW,
    );
    expect(opRef.startsWith("weave:///")).toBe(true);
    expect(shown).not.toContain("weave:///");

    await user.type(screen.getByRole("combobox", { name: "Operation" }), `${shown}{Enter}`);
    await waitFor(() => expect(search().get("op")).toBe(opRef), SLOW);
    // The field keeps showing the name people read, not the ref it stands for.
    expect(screen.getByRole("combobox", { name: "Operation" })).toHaveValue(shown);
    await waitFor(
      () => expect(dataRows().map((row) => opCell(row).textContent)).toEqual(dataRows().map(() => shown)),
      SLOW,
    );
  }, 60_000);

  it("moves row focus with j/k and opens a row with Enter, carrying the view", async () => {
    const { user, router, clients, queueId } = setup("size=25&sort=created_at.desc");
    await table();
    await waitFor(() => expect(screen.getAllByRole("row").length).toBeGreaterThan(3), SLOW);
    await user.keyboard("jjjk");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[1]).toHaveFocus();
    await user.keyboard("{Enter}");
    const { items } = await clients.trace.queryItems(queueId, {
      project_id: PROJECT,
      sort_by: [{ field: "created_at", direction: "desc" }],
      limit: 2,
    });
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[1]!.id}`), SLOW);
    expect(new URLSearchParams(router.location.search).get("i")).toBe("1");
    expect(new URLSearchParams(router.location.search).get("sort")).toBe("created_at.desc");
  }, 60_000);

  it("keeps j pressed before the first page's rows arrive and makes it once they do", async () => {
    const { user, open } = setupWithItemsHeld();
    await table();
    expect(screen.queryAllByRole("row").filter((row) => row.hasAttribute("data-item-row"))).toEqual([]);
    await user.keyboard("jj");
    open();
    await waitFor(() => expect(dataRows()[1]).toHaveFocus(), SLOW);
    expect(within(dataRows()[1]!).getByRole("link", { name: "Open item 2" })).toBeInTheDocument();
  }, 60_000);

  it("keeps at most ten of those presses: a key held through a slow load does not race down the page", async () => {
    const { user, open } = setupWithItemsHeld();
    await table();
    await user.keyboard("j".repeat(15));
    open();
    await waitFor(() => expect(dataRows()[9]).toHaveFocus(), SLOW);
    expect(within(dataRows()[9]!).getByRole("link", { name: "Open item 10" })).toBeInTheDocument();
  }, 60_000);

  it("focuses the filters with / and lists the shortcuts with ?, but not while typing", async () => {
    const { user } = setup();
    await table();
    await user.keyboard("/");
    const operation = screen.getByRole("combobox", { name: "Operation" });
    expect(operation).toHaveFocus();
    await user.keyboard("?j");
    expect(operation).toHaveValue("?j");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.clear(operation);
    await user.click(document.body);
    await user.keyboard("?");
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" }, SLOW)).toHaveTextContent(
      "Focus the next row",
    );
  }, 60_000);

  it("Esc in a filter puts focus back on the row it came from, so the next j moves on from there", async () => {
    const { user } = setup();
    await table();
    await waitFor(() => expect(screen.getAllByRole("row").length).toBeGreaterThan(5), SLOW);
    await user.keyboard("jjj");
    expect(dataRows()[2]).toHaveFocus();
    await user.keyboard("/");
    expect(screen.getByRole("combobox", { name: "Operation" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(dataRows()[2]).toHaveFocus();
    await user.keyboard("j");
    expect(dataRows()[3]).toHaveFocus();
    expect(screen.getByRole("combobox", { name: "Operation" })).toHaveValue("");
  }, 60_000);

  it("j past the last row turns to the next page and k before the first turns back", async () => {
    const { user, search } = setup();
    await table();
    await waitFor(() => expect(rangeText()).toContain("1–25 of 60"), SLOW);
    await user.keyboard("k");
    // The last row may not be rendered yet (rows below the window come after the first paint): focus waits for it.
    await waitFor(() => expect(dataRows()[24]).toHaveFocus(), SLOW);
    await user.keyboard("j");
    await waitFor(() => expect(search().get("page")).toBe("2"), SLOW);
    await waitFor(() => expect(dataRows()[0]).toHaveFocus(), SLOW);
    expect(within(dataRows()[0]!).getByRole("link", { name: "Open item 26" })).toBeInTheDocument();
    await user.keyboard("k");
    await waitFor(() => expect(search().get("page")).toBeNull(), SLOW);
    await waitFor(
      () => expect(within(dataRows()[24]!).getByRole("link", { name: "Open item 25" })).toBeInTheDocument(),
      SLOW,
    );
    await waitFor(() => expect(dataRows()[24]).toHaveFocus(), SLOW);
  }, 60_000);

  it("remembers the chosen columns on this device", async () => {
    const { user } = setup();
    const grid = await table();
    expect(within(grid).getByRole("columnheader", { name: "Duration" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(screen.getByRole("checkbox", { name: "Duration" }));
    expect(within(grid).queryByRole("columnheader", { name: "Duration" })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(COLUMN_VISIBILITY_STORAGE_KEY) ?? "{}")).toMatchObject({ duration: false });
  }, 60_000);

  it("reads the call of a row that keeps the focus, on a first visit too, so Enter opens a review with its call", async () => {
    const requests = recordRequests();
    const { user, clients, queueId } = setup("size=25", requests.wrap);
    await table();
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(2), SLOW);
    await user.keyboard("j");
    const { items } = await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 1 });
    await waitFor(() => expect(requests.callReads()).toContain(items[0]!.call_id), SLOW);
  }, 60_000);

  it("shows a column per question with the page's answers, read in one feedback query", async () => {
    // The queue's questions, and answers on its first two items' calls, stored as the service stores them.
    const firstTwo: { id: string; call_id: string }[] = [];
    const { server, user } = setup("size=25", undefined, (local, queueId) => {
      const specs = seedAnnotationSpecs(local.db, PROJECT, ["tone", "resolution"], Date.now(), "user-demo");
      local.db
        .prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?")
        .run(JSON.stringify([specs.tone, specs.resolution]), queueId);
      firstTwo.push(
        ...(local.db
          .prepare(
            "SELECT i.id, i.call_id FROM annotation_queue_items i JOIN annotation_queues q ON q.seq = i.queue_seq WHERE q.id = ? ORDER BY i.seq LIMIT 2",
          )
          .all(queueId) as { id: string; call_id: string }[]),
      );
      const insert = local.db.prepare(
        "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      let n = 0;
      const answer = (callId: string, type: "tone" | "resolution", value: unknown, by: string) =>
        insert.run(
          `f-${++n}`,
          PROJECT,
          callRef(PROJECT, callId),
          by,
          new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
          `wandb.annotation.${type}`,
          JSON.stringify({ value }),
          specs[type],
        );
      answer(firstTwo[0]!.call_id, "tone", 4, "user-maria");
      answer(firstTwo[0]!.call_id, "tone", 2, "user-demo");
      answer(firstTwo[0]!.call_id, "resolution", "Resolved", "user-kenji");
      answer(firstTwo[1]!.call_id, "tone", 5, "user-demo");
    });
    await table();
    const toneHeader = await screen.findByRole("columnheader", { name: "Tone" }, SLOW);
    const toneAt = screen.getAllByRole("columnheader").indexOf(toneHeader);
    // Mine first, then the others'; they disagree, and the tooltip says who answered what.
    await waitFor(
      () => expect(cellsOf(firstTwo[0]!.id)[toneAt]).toHaveTextContent("The annotators disagree:2 · 4"),
      SLOW,
    );
    expect(within(cellsOf(firstTwo[0]!.id)[toneAt]!).getByTitle("You: 2; user-maria: 4")).toBeInTheDocument();
    expect(cellsOf(firstTwo[0]!.id)[toneAt + 1]).toHaveTextContent("Resolved");
    expect(cellsOf(firstTwo[1]!.id)[toneAt]).toHaveTextContent("5");
    expect(cellsOf(firstTwo[1]!.id)[toneAt + 1]).toHaveTextContent("–");
    const feedbackQueries = server.requests.filter((request) => request.url.endsWith("/feedback/query"));
    expect(feedbackQueries).toHaveLength(1);
    expect(await feedbackQueries[0]!.clone().text()).toContain(firstTwo[1]!.call_id);
    // The column chooser offers the questions too.
    await user.click(screen.getByRole("button", { name: /Columns/ }));
    expect(screen.getByRole("checkbox", { name: "Resolution" })).toBeChecked();
  }, 60_000);

  it("under blind review shows only my answers on a row I have not answered in full, marked hidden", async () => {
    const firstTwo: { id: string; call_id: string }[] = [];
    setup("size=25", undefined, (local, queueId) => {
      const specs = seedAnnotationSpecs(local.db, PROJECT, ["tone", "resolution"], Date.now(), "user-demo");
      local.db
        .prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?")
        .run(JSON.stringify([specs.tone, specs.resolution]), queueId);
      createObject(local.db, {
        projectId: PROJECT,
        objectId: teamSettingsObjectId(queueId),
        val: valueFromSettings(queueId, { ...DEFAULT_TEAM_SETTINGS, blindReview: true }),
        builtinClass: null,
        userId: "user-demo",
      });
      firstTwo.push(
        ...(local.db
          .prepare(
            "SELECT i.id, i.call_id FROM annotation_queue_items i JOIN annotation_queues q ON q.seq = i.queue_seq WHERE q.id = ? ORDER BY i.seq LIMIT 2",
          )
          .all(queueId) as { id: string; call_id: string }[]),
      );
      const write = answerWriter(local.db, PROJECT);
      let n = 0;
      const answer = (callId: string, question: "tone" | "resolution", value: unknown, user: string) =>
        write({ id: `f-${++n}`, callId, user, at: Date.UTC(2026, 10, 1, 0, n), question, value, ref: specs[question] });
      // The first row: Maria answered both, I only the rating. The second: both of us answered both.
      answer(firstTwo[0]!.call_id, "tone", 4, "user-maria");
      answer(firstTwo[0]!.call_id, "resolution", "Resolved", "user-maria");
      answer(firstTwo[0]!.call_id, "tone", 2, "user-demo");
      answer(firstTwo[1]!.call_id, "tone", 4, "user-maria");
      answer(firstTwo[1]!.call_id, "tone", 5, "user-demo");
      answer(firstTwo[1]!.call_id, "resolution", "Resolved", "user-demo");
    });
    await table();
    const toneHeader = await screen.findByRole("columnheader", { name: "Tone" }, SLOW);
    const toneAt = screen.getAllByRole("columnheader").indexOf(toneHeader);
    const hidden = "Others' answers hidden until you answer this item (blind review)";
    await waitFor(() => expect(cellsOf(firstTwo[0]!.id)[toneAt]).toHaveTextContent(`2hidden${hidden}`), SLOW);
    // Neither Maria's rating nor her choice shows, nor that we disagree.
    expect(cellsOf(firstTwo[0]!.id)[toneAt]).not.toHaveTextContent("4");
    expect(cellsOf(firstTwo[0]!.id)[toneAt + 1]).toHaveTextContent(`hidden${hidden}`);
    expect(cellsOf(firstTwo[0]!.id)[toneAt + 1]).not.toHaveTextContent("Resolved");
    // Answered in full: everyone's answers show.
    expect(cellsOf(firstTwo[1]!.id)[toneAt]).toHaveTextContent("The annotators disagree:5 · 4");
  }, 60_000);
});
