import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import type { AnnotationQueueItem } from "@contract/trace";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { recordRequests, type SeenRequest } from "@/api/test-support";
import { renderApp, urlsOf } from "@/app/test-support";
import { holdFrames } from "@/test/held-frames";
import { createLocalServer } from "@/test/local-server";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";

const PROJECT = "demo/support-bot";
/** Generous: these render the whole app in jsdom, which is slow on a busy machine. */
const SLOW = { timeout: 10_000 };

async function setup(
  pick: (items: AnnotationQueueItem[]) => number,
  search = "size=25",
  wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f,
  /** Whether the address carries the item's index (`i`), as a link from the table does. `states`: items' states set first, by index. */
  {
    withIndex = true,
    states = {},
  }: { withIndex?: boolean; states?: Record<number, AnnotationQueueItem["annotation_state"]> } = {},
) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 60, name: "Tone review" });
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const listItems = async () =>
    (await clients.trace.queryItems(queueId, { project_id: PROJECT, include_position: true })).items;
  let items = await listItems();
  if (Object.keys(states).length > 0) {
    const setState = server.db.prepare("UPDATE annotation_queue_items SET annotation_state = ? WHERE id = ?");
    for (const [at, state] of Object.entries(states)) setState.run(state, items[Number(at)]!.id);
    items = await listItems();
  }
  const index = pick(items);
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: PROJECT, inferenceProject: "", keyStorage: "local" }),
  );
  const app = renderApp({
    path: `/queues/${queueId}/items/${items[index]!.id}?${search}${withIndex ? `&i=${index}` : ""}`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
  });
  const read = async (id: string) =>
    (await clients.trace.queryItems(queueId, { project_id: PROJECT, filter: { id } })).items[0]!;
  return { server, queueId, items, index, read, ...app };
}

/** An unstarted item past the tenth, opened with its requests recorded, once the item two keys ahead is read. */
async function openWithTwoAheadRead() {
  const requests = recordRequests();
  const opened = await setup(
    (all) => all.findIndex((i, n) => n > 10 && i.annotation_state === "unstarted"),
    "size=25",
    requests.wrap,
  );
  const { items, index } = opened;
  await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
  await waitFor(() => expect(requests.callReads()).toContain(items[index + 2]!.call_id), SLOW);
  return { ...opened, requests };
}

describe("review page", () => {
  it("shows the item's place, its display fields first, and the rest of the call on demand", async () => {
    const { items, index } = await setup((all) => all.findIndex((i, n) => n > 0 && i.annotation_state === "unstarted"));
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW)).toBeInTheDocument();
    const question = await screen.findByRole("region", { name: "inputs.question" }, SLOW);
    expect(question.textContent).toMatch(/\?/);
    expect(screen.getByRole("region", { name: "output.answer" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Call summary" })).not.toBeInTheDocument();
    await screen.getByRole("button", { name: "Show the whole call" }).click();
    expect(await screen.findByRole("region", { name: "Call summary" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(items[index]!.call_id)).toBeInTheDocument();
  }, 60_000);

  it("completes and moves to the next item in one action, then Esc returns to the table's page", async () => {
    const { items, index, user, router, queueId, read } = await setup((all) =>
      all.findIndex((i, n) => n > 30 && i.annotation_state === "unstarted"),
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    const next = screen.getByRole("button", { name: "Next" });
    await waitFor(() => expect(next).not.toHaveAttribute("aria-disabled"), SLOW);
    await user.click(screen.getByRole("button", { name: /Complete & next/ }));
    await waitFor(
      () => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[index + 1]!.id}`),
      SLOW,
    );
    expect(new URLSearchParams(router.location.search).get("i")).toBe(String(index + 1));
    await waitFor(async () => expect((await read(items[index]!.id)).annotation_state).toBe("completed"), SLOW);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}`), SLOW);
    // Row index+1 lives on page 2 of 25-row pages.
    expect(new URLSearchParams(router.location.search).get("page")).toBe("2");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-item-id")).toBe(items[index + 1]!.id), SLOW);
  }, 60_000);

  it("blocks a move the rules forbid and says why", async () => {
    const { user, read, items, index } = await setup((all) => all.findIndex((i) => i.annotation_state === "unstarted"));
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    const actions = screen.getByRole("group", { name: "Set the item's state" });
    await user.keyboard("s");
    await waitFor(
      () => expect(within(actions).getByRole("button", { name: "Complete" })).toHaveAttribute("aria-disabled", "true"),
      SLOW,
    );
    expect(within(actions).getByRole("button", { name: "Complete" })).toHaveAccessibleDescription(
      /skipped by you, which is final/,
    );
    // The write goes out after the frame that shows the change.
    await waitFor(async () => expect((await read(items[index]!.id)).annotation_state).toBe("skipped"), SLOW);
    expect(await screen.findByText(/marked skipped/, undefined, SLOW)).toBeInTheDocument();
  }, 60_000);

  it("works on the next item while the previous item's change is still on its way", async () => {
    // The first progress change is held until released, like a slow network.
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    let progressPosts = 0;
    const hold =
      (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
      async (input, init) => {
        const request = new Request(input, init);
        if (request.url.endsWith("/progress") && ++progressPosts === 1) await held;
        return fetch(request);
      };
    const { items, index, user, router, queueId, read } = await setup(
      (all) =>
        all.findIndex(
          (i, n) => n > 30 && i.annotation_state === "unstarted" && all[n + 1]?.annotation_state === "unstarted",
        ),
      "size=25",
      hold,
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    await user.click(screen.getByRole("button", { name: /Complete & next/ }));
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW)).toBeInTheDocument();

    // The first change is sent (after the frame that showed the next item) and not answered, and the next item takes
    // a key all the same.
    await waitFor(() => expect(progressPosts).toBe(1), SLOW);
    await user.keyboard("s");
    await waitFor(async () => expect((await read(items[index + 1]!.id)).annotation_state).toBe("skipped"), SLOW);
    // The address is written once the frame showing the item has been drawn.
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[index + 1]!.id}`));

    gate.release?.();
    await waitFor(async () => expect((await read(items[index]!.id)).annotation_state).toBe("completed"), SLOW);
  }, 60_000);

  // Found driving the review with the trace service down: the 5-s refresh (or a Retry) put the item's
  // read back to "pending", so the page flipped to "Loading the item…" and Retry vanished every few seconds.
  it("keeps the error and its Retry while the item is read again with the service still down", async () => {
    const down = { held: null as Promise<void> | null, reads: 0 };
    const failItemReads =
      (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
      async (input, init) => {
        if (!String(input instanceof Request ? input.url : input).includes("/items/query")) return fetch(input, init);
        down.reads++;
        if (down.held) await down.held;
        return new Response(JSON.stringify({ detail: "Service unavailable" }), {
          status: 503,
          headers: { "Content-Type": "application/json", "Retry-After": "0" },
        });
      };
    const { user } = await setup(() => 5, "size=25", failItemReads, { withIndex: false });
    expect(await screen.findByText("Could not load this item", {}, SLOW)).toBeInTheDocument();
    const hold: { release?: () => void } = {};
    down.held = new Promise((resolve) => (hold.release = resolve));
    const readsBefore = down.reads;
    try {
      await user.click(screen.getAllByRole("button", { name: /Retry/ })[0]!);
      await waitFor(() => expect(down.reads).toBeGreaterThan(readsBefore), SLOW);
      expect(screen.getByText("Could not load this item")).toBeInTheDocument();
      expect(screen.queryByText("Loading the item…")).not.toBeInTheDocument();
    } finally {
      hold.release?.();
    }
  }, 60_000);
});

/** The services, except the W&B API, which cannot be reached (a proxy without it, CORS). */
const noWandb =
  (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
  async (input, init) => {
    if (new Request(input, init).url.includes("/api/wandb/")) throw new TypeError("Failed to fetch");
    return fetch(input, init);
  };

describe("review page: who is signed in, and keys", () => {
  it("knows who the key belongs to from the W&B API, so an item someone else finished can still be worked on", async () => {
    const { items, index } = await setup((all) =>
      all.findIndex(
        (i) => i.annotation_state === "completed" && !!i.annotator_user_id && i.annotator_user_id !== "user-demo",
      ),
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    const actions = screen.getByRole("group", { name: "Set the item's state" });
    // The viewer query answers "user-demo": the item's latest writer is someone else, so every move is offered.
    await waitFor(
      () => expect(within(actions).getByRole("button", { name: "Start" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    expect(within(actions).getByRole("button", { name: "Complete" })).toHaveAccessibleDescription(
      new RegExp(`${items[index]!.annotator_user_id} marked it completed`),
    );
    expect(screen.getByRole("link", { name: /Signed in as demo/ })).toBeInTheDocument();
  }, 60_000);

  it("says so when the W&B API cannot be reached, and then treats others' finished items as final", async () => {
    const { index } = await setup(
      (all) =>
        all.findIndex(
          (i) => i.annotation_state === "completed" && !!i.annotator_user_id && i.annotator_user_id !== "user-demo",
        ),
      "size=25",
      noWandb,
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    expect(await screen.findByText(/Could not ask the W&B API who you are/, {}, SLOW)).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "Set the item's state" })).getByRole("button", { name: "Start" }),
    ).toHaveAttribute("aria-disabled", "true");
  }, 60_000);

  it("says why a refused key did nothing, every time", async () => {
    const { user, index } = await setup((all) => all.findIndex((i) => i.annotation_state === "unstarted"));
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await user.keyboard("t");
    expect(await screen.findByText(`Item ${index + 1} marked in progress.`, {}, SLOW)).toBeInTheDocument();
    await user.keyboard("t");
    expect(
      await screen.findByText("Not marked in progress: Already in progress by you.", {}, SLOW),
    ).toBeInTheDocument();
    await user.keyboard("s");
    expect(await screen.findByText(`Item ${index + 1} marked skipped.`, {}, SLOW)).toBeInTheDocument();
    await user.keyboard("s");
    expect(await screen.findByText("Not marked skipped: Already skipped by you.", {}, SLOW)).toBeInTheDocument();
    await user.keyboard("c");
    expect(
      await screen.findByText(/Not marked completed: It was skipped by you, which is final/, {}, SLOW),
    ).toBeInTheDocument();
  }, 60_000);

  it("Complete & next on an item skipped before moves on, saying the item stays skipped", async () => {
    const { user, read, items, index } = await setup((all) =>
      all.findIndex(
        (i, n) => n > 10 && i.annotation_state === "unstarted" && all[n + 1]?.annotation_state === "unstarted",
      ),
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await user.keyboard("s");
    expect(await screen.findByText(`Item ${index + 1} marked skipped.`, {}, SLOW)).toBeInTheDocument();
    // The answers typed at speed after it go to the next item, not to the one skipped.
    await user.keyboard("C");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW);
    expect(
      await screen.findByText(
        `Item ${index + 1} stays skipped, which is final: it was not marked completed (your answers on it are kept).`,
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect((await read(items[index]!.id)).annotation_state).toBe("skipped");
    // The next item started at once (as a first answer starts it): its confirmation does not hide what was said.
    await user.keyboard("t");
    await waitFor(async () => expect((await read(items[index + 1]!.id)).annotation_state).toBe("in_progress"), SLOW);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText(/^Item \d+ stays skipped, which is final/)).toBeInTheDocument();
  }, 60_000);

  it("names a change's item by its number once the review has moved on, and a move clears what was said", async () => {
    const { user, index } = await setup((all) =>
      all.findIndex(
        (i, n) => n > 10 && i.annotation_state === "unstarted" && all[n + 1]?.annotation_state === "unstarted",
      ),
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    // Skip & next: the outcome arrives on the next item, and names the item skipped.
    await user.keyboard("{Shift>}S{/Shift}");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW);
    expect(await screen.findByText(`Item ${index + 1} marked skipped.`, {}, SLOW)).toBeInTheDocument();
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    await user.keyboard("n");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 3} of 60` }, SLOW);
    expect(screen.queryByText(/marked skipped/)).not.toBeInTheDocument();
  }, 60_000);

  it("moves between items without adding history entries: Back leaves the review", async () => {
    const server = createLocalServer();
    const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 30, name: "History" });
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const { items } = await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 5 });
    localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: PROJECT, inferenceProject: "", keyStorage: "local" }),
    );
    const { user, router } = renderApp({
      history: [`/queues/${queueId}`],
      path: `/queues/${queueId}/items/${items[0]!.id}?i=0`,
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
    });
    await screen.findByRole("heading", { level: 1, name: "Item 1 of 30" }, SLOW);
    for (const [n, key] of [
      [2, "n"],
      [3, "n"],
      [4, "n"],
      [3, "p"],
    ] as const) {
      await waitFor(
        () =>
          expect(screen.getByRole("button", { name: key === "n" ? "Next" : "Previous" })).not.toHaveAttribute(
            "aria-disabled",
          ),
        SLOW,
      );
      await user.keyboard(key);
      await screen.findByRole("heading", { level: 1, name: `Item ${n} of 30` }, SLOW);
    }
    // The address follows the item after its paint. (A browser's Back, which changes the address at once, drops a
    // write still waiting: use-after-paint.test.ts. This router's Back does not change the browser's address.)
    await waitFor(() => expect(router.location.pathname).toContain(items[2]!.id), SLOW);
    router.navigate(-1);
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}`), SLOW);
  }, 60_000);
});

/**
 * Holds reads of the list (and of the item itself, with `itemReads`) while `gate.holding`, until
 * `gate.release()`, like a slow network: the review cannot place its item meanwhile.
 */
function listReadsGate(holding: boolean, { itemReads = false } = {}) {
  const gate: { holding: boolean; release?: () => void } = { holding };
  const held = new Promise<void>((resolve) => (gate.release = resolve));
  const wrap =
    (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init) => {
      const request = new Request(input, init);
      if (
        gate.holding &&
        request.url.endsWith("/items/query") &&
        (itemReads || !(await request.clone().text()).includes('"filter":{"id"'))
      )
        await held;
      return fetch(request);
    };
  return { gate, wrap };
}

describe("review page: keys pressed before an item's place is known", () => {
  it("are kept and made once it is: three quick Previous land three items back", async () => {
    // Held once the first item is placed.
    const { gate, wrap } = listReadsGate(false);
    const { items, index, user, router, queueId } = await setup(
      (all) => all.findIndex((_, n) => n > 20),
      "size=25",
      wrap,
    );
    try {
      await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
      await waitFor(
        () => expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled"),
        SLOW,
      );
      gate.holding = true;
      // The item's window holds the two rows before it: the second press reaches the item whose place is unknown.
      await user.keyboard("ppp");
      expect(
        await screen.findByText(/Finding this item's place in the list: the move follows/, {}, SLOW),
      ).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Item ${index - 1} of 60`);
    } finally {
      gate.release?.();
    }
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${index - 2} of 60` }, SLOW)).toBeInTheDocument();
    await waitFor(
      () => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[index - 3]!.id}`),
      SLOW,
    );
    // The wait is over: its message does not stay under the item moved to.
    expect(screen.queryByText(/Finding this item's place/)).not.toBeInTheDocument();
  }, 60_000);

  it("are kept before the item itself has arrived: two quick Previous on a review opened by its link", async () => {
    const { gate, wrap } = listReadsGate(true, { itemReads: true });
    const { items, index, user, router, queueId } = await setup(
      (all) => all.findIndex((_, n) => n > 20),
      "size=25",
      wrap,
    );
    try {
      expect(await screen.findByText("Loading the item…", {}, SLOW)).toBeInTheDocument();
      await user.keyboard("pp");
    } finally {
      gate.release?.();
    }
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${index - 1} of 60` }, SLOW)).toBeInTheDocument();
    await waitFor(
      () => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[index - 2]!.id}`),
      SLOW,
    );
  }, 60_000);

  it("are dropped by a later action key: Next, then Start, stays on the item started", async () => {
    const { gate, wrap } = listReadsGate(true);
    const { items, index, user, router, queueId, read } = await setup(
      (all) => all.findIndex((i, n) => n > 20 && i.annotation_state === "unstarted"),
      "size=25",
      wrap,
    );
    try {
      await screen.findByRole("heading", { level: 1, name: /^Item/ }, SLOW);
      await user.keyboard("n");
      expect(await screen.findByText(/the move follows as soon as it is known/, {}, SLOW)).toBeInTheDocument();
      await user.keyboard("t");
    } finally {
      gate.release?.();
    }
    await waitFor(async () => expect((await read(items[index]!.id)).annotation_state).toBe("in_progress"), SLOW);
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.location.pathname).toBe(`/queues/${queueId}/items/${items[index]!.id}`);
  }, 60_000);
});

/** Waits for the item's heading, its place (Next enabled) and the reads that follow, then forgets the reads so far. */
async function settledOn(heading: string, reads: SeenRequest[]): Promise<void> {
  await screen.findByRole("heading", { level: 1, name: heading }, SLOW);
  await waitFor(() => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"), SLOW);
  await new Promise((resolve) => setTimeout(resolve, 300));
  reads.length = 0;
}

/** The offsets of the one-request scans (50 rows) of the item list among `reads`. */
const scanOffsets = (reads: readonly SeenRequest[]) =>
  reads
    .filter((r) => r.path.endsWith("/items/query") && r.body.includes('"limit":50'))
    .map((r) => (JSON.parse(r.body) as { offset: number }).offset);

/** Every request 50 ms late. */
const slowNetwork =
  (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
  async (input, init) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return fetch(input, init);
  };

/** The page heading's texts from now on, each one the page showed (consecutive repeats once). */
function headingTexts(): string[] {
  const texts = [screen.getByRole("heading", { level: 1 }).textContent ?? ""];
  const observer = new MutationObserver(() => {
    const text = document.querySelector("h1")?.textContent ?? "";
    if (text !== texts.at(-1)) texts.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return texts;
}

/** Whether a recorded request reads the window of the item at index `at` (8 rows from two rows before it). */
const windowOf = (at: number) => (r: { path: string; body: string }) =>
  r.path.endsWith("/items/query") && r.body.includes(`"offset":${Math.max(0, at - 2)},"limit":8,`);

describe("review page: read ahead", () => {
  it("reads the calls of the next two items and the previous one before a key is pressed", async () => {
    const requests = recordRequests();
    const { items, index } = await setup(
      (all) => all.findIndex((i, n) => n > 10 && i.annotation_state === "unstarted"),
      "size=25",
      requests.wrap,
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    // Two ahead: a second quick key press must find its item's call here too, before that item's own window is read.
    await waitFor(
      () =>
        expect(requests.callReads()).toEqual(
          expect.arrayContaining([items[index + 1]!.call_id, items[index + 2]!.call_id, items[index - 1]!.call_id]),
        ),
      SLOW,
    );
  }, 60_000);

  it("after a press, reads what lies two keys ahead once the key's frame is drawn, not while it is drawn", async () => {
    const { requests, items, index, user } = await openWithTwoAheadRead();
    const frames = holdFrames();
    await user.keyboard("n");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW);
    // The frame showing the item is being drawn: the item after the next one waits.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.callReads()).not.toContain(items[index + 3]!.call_id);
    frames.release();
    await waitFor(() => expect(requests.callReads()).toContain(items[index + 3]!.call_id), SLOW);
  }, 60_000);

  it("after a press, reads the next item's row and window again once the key's frame is drawn when they had gone stale (the annotator's own change)", async () => {
    const { requests, index, user, queryClient } = await openWithTwoAheadRead();
    // As a state change confirmed on this item does: every read of the queue's items is stale, none read yet.
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes("items"),
      refetchType: "none",
    });
    requests.seen.length = 0;
    const listReads = () => requests.seen.filter((r) => r.path.endsWith("/items/query")).length;
    const frames = holdFrames();
    await user.keyboard("n");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW);
    // Shown from the cache; its reads again wait while the frame that shows it is drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(listReads()).toBe(0);
    frames.release();
    await waitFor(() => expect(listReads()).toBeGreaterThan(0), SLOW);
  }, 60_000);

  it("after a press, reads an item one key away at once when it was not read ahead yet", async () => {
    const { requests, items, index, user, queryClient } = await openWithTwoAheadRead();
    // As if its read had not come back yet: the annotator presses again before it does.
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey).includes(items[index + 2]!.call_id),
    });
    requests.seen.length = 0;
    const frames = holdFrames();
    await user.keyboard("n");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW);
    // Not waiting for the frame (nor for the 250 ms a frame that never comes is waited for at most): a second press
    // at once would find the item loading.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.callReads()).toContain(items[index + 2]!.call_id);
    frames.release();
  }, 60_000);

  it("reads the call of the item Next unstarted would take from the window, past the next two, so the press reads nothing", async () => {
    const requests = recordRequests();
    // With no State filter: the next two items started or finished, an unstarted one among the window's rows after them.
    const { items, index, user } = await setup(
      (all) =>
        all.findIndex(
          (_, n) =>
            n > 10 &&
            all.slice(n + 1, n + 3).every((i) => i.annotation_state !== "unstarted") &&
            all.slice(n + 3, n + 6).some((i) => i.annotation_state === "unstarted"),
        ),
      "size=25",
      requests.wrap,
    );
    const ahead = items.findIndex((i, n) => n > index && i.annotation_state === "unstarted");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(() => expect(requests.callReads()).toContain(items[ahead]!.call_id), SLOW);
    requests.seen.length = 0;
    await user.keyboard("u");
    await screen.findByRole("heading", { level: 1, name: `Item ${ahead + 1} of 60` }, SLOW);
    // Its output is on screen from what was read ahead: neither the item nor its call is read for the press.
    expect(requests.callReads()).not.toContain(items[ahead]!.call_id);
    expect(requests.seen.filter((r) => r.body.includes(items[ahead]!.id))).toEqual([]);
  }, 60_000);

  it("walking back, reads the window of the item before ahead, so the next Previous knows its place at once", async () => {
    const { seen: reads, wrap } = recordRequests();
    const { index, user } = await setup((all) => all.findIndex((_, n) => n > 20), "size=25", wrap);
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    expect(reads.some(windowOf(index - 2))).toBe(false);
    await user.keyboard("p");
    await screen.findByRole("heading", { level: 1, name: `Item ${index} of 60` }, SLOW);
    // Item index-1's own window is read (rows from index-3), and so is index-2's, before any key.
    await waitFor(() => expect(reads.some(windowOf(index - 2))).toBe(true), SLOW);
  }, 60_000);

  it("reached without an index, reads its window again with one read, not a search of the list", async () => {
    const { seen: reads, wrap } = recordRequests();
    const { index, queryClient } = await setup((all) => all.findIndex((_, n) => n > 40), "size=25", wrap, {
      withIndex: false,
    });
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    const listReads = () => reads.filter((r) => r.path.endsWith("/items/query") && !r.body.includes('"filter":{"id"'));
    // Found once by a search (one-row reads), as on the first read.
    expect(listReads().length).toBeGreaterThan(3);
    reads.length = 0;
    // The refresh every few seconds, made now.
    await queryClient.refetchQueries({ predicate: (query) => query.queryKey.includes("around"), type: "active" });
    expect(listReads().map((r) => (JSON.parse(r.body) as { offset: number }).offset)).toEqual([index - 2]);
  }, 60_000);

  it("Next unstarted a few rows on is taken from the window at hand: no search, and its place is known", async () => {
    const { seen: reads, wrap } = recordRequests();
    // An item with a few started or finished items after it, then an unstarted one.
    const { items, index, user, router } = await setup(
      (all) =>
        all.findIndex(
          (_, n) =>
            n > 10 &&
            all[n + 1]?.annotation_state !== "unstarted" &&
            all.slice(n + 2, n + 5).some((i) => i.annotation_state === "unstarted"),
        ),
      "size=25",
      wrap,
    );
    const ahead = items.findIndex((i, n) => n > index && i.annotation_state === "unstarted");
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    reads.length = 0;
    await user.keyboard("u");
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${ahead + 1} of 60` }, SLOW)).toBeInTheDocument();
    // The address follows the heading (the router renders it as a transition, a moment later).
    await waitFor(() => expect(new URLSearchParams(router.location.search).get("i")).toBe(String(ahead)), SLOW);
    expect(
      reads.filter((r) => r.body.includes('"annotation_states":["unstarted"]') || r.body.includes('"limit":50')),
    ).toEqual([]);
  }, 60_000);

  it("Next unstarted past the last one wraps to the first in two reads, and says so with the item it shows, not a frame later", async () => {
    const { seen: reads, wrap } = recordRequests();
    // The last unstarted item: none comes after it.
    const { items, user, router } = await setup(
      (all) => all.findLastIndex((i) => i.annotation_state === "unstarted"),
      "size=25",
      wrap,
    );
    const first = items.findIndex((i) => i.annotation_state === "unstarted");
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    reads.length = 0;
    await user.keyboard("u");
    await screen.findByRole("heading", { level: 1, name: `Item ${first + 1} of 60` }, SLOW);
    // In the same render as the item (the address, which carries it too, is written after the item is painted).
    expect(screen.getByText(/No unstarted item came after the previous one/)).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toContain(items[first]!.id), SLOW);
    expect(screen.getByText(/No unstarted item came after the previous one/)).toBeInTheDocument();
    // The rows after the item reach the list's end, then the list's first rows hold the first unstarted item
    // and place it: no search of the unstarted list (it took a dozen reads in rounds), no read of its window.
    const last = items.findLastIndex((i) => i.annotation_state === "unstarted");
    const scans = reads.filter((r) => r.path.endsWith("/items/query") && r.body.includes('"limit":50'));
    expect(scans.map((r) => (JSON.parse(r.body) as { offset: number }).offset)).toEqual([last, 0]);
    expect(reads.filter((r) => r.body.includes('"annotation_states":["unstarted"]'))).toEqual([]);
    expect(reads.filter(windowOf(first))).toEqual([]);
    expect(new URLSearchParams(router.location.search).get("i")).toBe(String(first));
  }, 60_000);

  it("Next unstarted past the last one under an Unstarted filter names the first item's place in the heading at once and in the address", async () => {
    const { items, user, router } = await setup(
      (all) => all.findLastIndex((i) => i.annotation_state === "unstarted"),
      "size=25&state=unstarted",
      undefined,
      { withIndex: false },
    );
    const first = items.findIndex((i) => i.annotation_state === "unstarted");
    const last = items.findLastIndex((i) => i.annotation_state === "unstarted");
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${last + 1} of 60` }, SLOW);
    const headings = headingTexts();
    await user.keyboard("u");
    await screen.findByText(/No unstarted item came after the previous one/, undefined, SLOW);
    await waitFor(() => expect(router.location.pathname).toContain(items[first]!.id), SLOW);
    // Its window came with it, so the heading named its number from its first render, not "Item" for a while.
    expect(headings).toEqual([`Item ${last + 1} of 60`, `Item ${first + 1} of 60`]);
    // The table shows unstarted items alone, so the first of them is the table's first row: its window is read
    // there, not searched for.
    expect(new URLSearchParams(router.location.search).get("i")).toBe("0");
    await screen.findByRole("heading", { level: 1, name: new RegExp(`^Item ${first + 1} of`) }, SLOW);
  }, 60_000);

  it("Next unstarted further on is found with one read of the rows after the item, and its place is known", async () => {
    const { seen: reads, wrap } = recordRequests();
    // Item 21's next unstarted item is the 9th after it: beyond the rows its window holds.
    const states = Object.fromEntries([21, 22, 23, 24, 25, 26, 27, 28].map((at) => [at, "completed" as const]));
    const { index, user, router } = await setup(() => 20, "size=25", wrap, { states: { ...states, 29: "unstarted" } });
    const ahead = 29;
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    reads.length = 0;
    await user.keyboard("u");
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${ahead + 1} of 60` }, SLOW)).toBeInTheDocument();
    // The address follows the heading (the router renders it as a transition, a moment later).
    await waitFor(() => expect(new URLSearchParams(router.location.search).get("i")).toBe(String(ahead)), SLOW);
    const scans = reads.filter(
      (r) => r.path.endsWith("/items/query") && r.body.includes(`"offset":${index},"limit":50`),
    );
    expect(scans).toHaveLength(1);
    expect(reads.filter((r) => r.body.includes('"annotation_states":["unstarted"]'))).toEqual([]);
    // That read placed the item: its own window is not read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads.filter(windowOf(ahead))).toEqual([]);
  }, 60_000);

  it("Next unstarted wrapping to an item past the list's first rows names its place at once by its queue position", async () => {
    // With no State filter, the first unstarted item (57) lies beyond the 50 rows read from the list's start.
    const states = Object.fromEntries(
      Array.from({ length: 60 }, (_, at) => [at, at === 56 || at === 58 ? "unstarted" : "completed"] as const),
    );
    const { user, router } = await setup(() => 58, "size=25", undefined, { states });
    await screen.findByRole("heading", { level: 1, name: "Item 59 of 60" }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Previous" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    const headings = headingTexts();
    await user.keyboard("u");
    await screen.findByText(/No unstarted item came after the previous one/, undefined, SLOW);
    await waitFor(() => expect(new URLSearchParams(router.location.search).get("i")).toBe("56"), SLOW);
    expect(headings).toEqual(["Item 59 of 60", "Item 57 of 60"]);
  }, 60_000);

  it("Next unstarted on the only unstarted item says no other is left, without a search", async () => {
    const { seen: reads, wrap } = recordRequests();
    const states = Object.fromEntries(
      Array.from({ length: 60 }, (_, at) => [at, at === 30 ? "unstarted" : "completed"] as const),
    );
    const { user } = await setup(() => 30, "size=25", wrap, { states });
    await settledOn("Item 31 of 60", reads);
    await user.keyboard("u");
    expect(
      await screen.findByText("No other unstarted item is left in this queue.", undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Item 31 of 60");
    // The rows after it reach the list's end; the list's first 50 rows hold no other, and the unstarted list's
    // first two rows only this one: three reads, no search.
    expect(scanOffsets(reads)).toEqual([30, 0]);
    const unstartedReads = reads.filter((r) => r.body.includes('"annotation_states":["unstarted"]'));
    expect(unstartedReads.map((r) => JSON.parse(r.body) as { offset: number; limit: number })).toEqual([
      expect.objectContaining({ offset: 0, limit: 2 }),
    ]);
  }, 60_000);

  it("Next unstarted pressed four times at once makes every press, each from the item the one before reached", async () => {
    // After item 11, the unstarted items are 15, 23, 32 and 46: the first in the window at hand, the others
    // each a read further on. A press during a read used to start it again from the same item, and was lost.
    const unstartedAt = new Set([14, 22, 31, 45]);
    const states = Object.fromEntries(
      Array.from({ length: 49 }, (_, i) => i + 11).map(
        (at) => [at, unstartedAt.has(at) ? "unstarted" : "completed"] as const,
      ),
    );
    // On a slow network, so the presses come while the reads are under way.
    const { user, router } = await setup(() => 10, "size=25", slowNetwork, { states });
    await screen.findByRole("heading", { level: 1, name: "Item 11 of 60" }, SLOW);
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    await user.keyboard("uuuu");
    await screen.findByRole("heading", { level: 1, name: "Item 46 of 60" }, SLOW);
    // Each move's place came with it, so the address names the last one's.
    await waitFor(() => expect(new URLSearchParams(router.location.search).get("i")).toBe("45"), SLOW);
    // Four presses, four moves: no more come after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Item 46 of 60");
  }, 60_000);

  it("Next unstarted pressed twice, the first found on the last row read, names the second item's place too", async () => {
    // After item 11 the only unstarted item is 60, the last of the 50 rows read after item 11: the second press
    // starts from an item whose rows after it are not known yet, and wraps to item 1.
    const states = Object.fromEntries(
      Array.from({ length: 49 }, (_, i) => i + 11).map((at) => [at, at === 59 ? "unstarted" : "completed"] as const),
    );
    const { user, router } = await setup(() => 10, "size=25", slowNetwork, { states: { ...states, 0: "unstarted" } });
    await settledOn("Item 11 of 60", []);
    await user.keyboard("uu");
    await screen.findByRole("heading", { level: 1, name: "Item 1 of 60" }, SLOW);
    // With no State filter the rows read from the item's queue position are the table's list: the address names the place.
    await waitFor(() => expect(new URLSearchParams(router.location.search).get("i")).toBe("0"), SLOW);
  }, 60_000);

  it("Next unstarted from a list without unstarted items reads the rows after the item's queue position, not a search", async () => {
    const { seen: reads, wrap } = recordRequests();
    // Under a Completed filter; item 41's next unstarted item is the 9th after it in the queue.
    const done = [40, 41, 42, 43, 44, 45, 46, 47, 48];
    const states = Object.fromEntries(done.map((at) => [at, "completed" as const]));
    const { user } = await setup(() => 40, "size=25&state=completed", wrap, { states: { ...states, 49: "unstarted" } });
    await settledOn("Item 41 of 60", reads);
    await user.keyboard("u");
    expect(await screen.findByRole("heading", { level: 1, name: "Item 50 of 60" }, SLOW)).toBeInTheDocument();
    // One read of the queue's rows (every state) from the item's position, not the unstarted list searched in rounds.
    expect(scanOffsets(reads)).toEqual([40]);
    expect(reads.find((r) => r.body.includes('"limit":50'))?.body).not.toContain("annotation_states");
    expect(reads.filter((r) => r.body.includes('"annotation_states":["unstarted"]'))).toEqual([]);
  }, 60_000);

  it("opened from the table, paints the item from the table's row while its own read is under way", async () => {
    const server = createLocalServer();
    const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 30, name: "From the table" });
    localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ annotationProject: PROJECT, inferenceProject: "", keyStorage: "local" }),
    );
    // Reads of a single item (filtered by id) are held, like a slow network.
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    const holdItemReads: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.url.endsWith("/items/query") && (await request.clone().text()).includes('"filter":{"id"')) await held;
      return server.fetch(request);
    };
    const { user, router } = renderApp({
      path: `/queues/${queueId}`,
      defaults: urlsOf(server.settings),
      fetch: holdItemReads,
    });
    try {
      const rows = await screen.findAllByRole("row", {}, SLOW);
      const third = rows.find((row) => row.getAttribute("data-item-row") === "2")!;
      const itemId = third.getAttribute("data-item-id")!;
      await user.click(third);
      await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queueId}/items/${itemId}`), SLOW);
      // The item's own read has not been answered, and the page already shows the item and its place.
      expect(await screen.findByRole("heading", { level: 1, name: "Item 3 of 30" }, SLOW)).toBeInTheDocument();
      expect(within(screen.getByRole("complementary", { name: "Details" })).getByText(itemId)).toBeInTheDocument();
      expect(screen.queryByText("Loading the item…")).not.toBeInTheDocument();
    } finally {
      gate.release?.();
    }
  }, 60_000);
});

describe("review page: a move to an item read ahead", () => {
  it("reads neither the item nor its window again: the next item paints from what was read ahead", async () => {
    const { seen: reads, wrap } = recordRequests();
    const { items, index, user } = await setup(
      (all) =>
        all.findIndex(
          (i, n) => n > 10 && i.annotation_state === "unstarted" && all[n + 1]?.annotation_state === "unstarted",
        ),
      "size=25",
      wrap,
    );
    await screen.findByRole("heading", { level: 1, name: `Item ${index + 1} of 60` }, SLOW);
    const next = items[index + 1]!;
    // Read ahead: the next item's call and its window.
    await waitFor(
      () => expect(reads.some((r) => r.path.endsWith("/call/read") && r.body.includes(next.call_id))).toBe(true),
      SLOW,
    );
    await waitFor(
      () => expect(reads.filter((r) => r.path.endsWith("/items/query")).length).toBeGreaterThanOrEqual(3),
      SLOW,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    reads.length = 0;

    await user.keyboard("{Shift>}C{/Shift}");
    expect(await screen.findByRole("heading", { level: 1, name: `Item ${index + 2} of 60` }, SLOW)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const itemReads = reads.filter((r) => r.path.endsWith("/items/query"));
    // No read of the item itself; the one list read is the window of the item after it, read ahead.
    expect(itemReads.filter((r) => r.body.includes(`"id":"${next.id}"`) && r.body.includes('"filter"'))).toEqual([]);
    expect(itemReads).toHaveLength(1);
    expect(reads.filter((r) => r.path.endsWith("/call/read") && r.body.includes(next.call_id))).toEqual([]);
  }, 60_000);
});
