import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { DRAWN_AFTER_MS } from "@/lib/after-next-paint";
import { renderApp, urlsOf } from "@/app/test-support";
import { DEMO_QUESTIONS, seedQuestions, setQueueQuestions } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { countRenders, tally, type Commit } from "@/test/render-count";

/**
 * What React renders for one press of `n` in the review, counted, not timed: the next item is
 * painted after the key's own synchronous render, so what else renders in that render, and in the
 * router's render of the new address right after it, is what stands between the key and the paint.
 */
const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };
/** The router's render of the new address: the routes, the side navigation (not its links), the review's notices. */
const ADDRESS_RENDER_AT_MOST = 30;
/** Elements a press of n puts in the page at most: every one is styled, laid out and painted anew. */
const ELEMENTS_REPLACED_AT_MOST = 12;

/** An element and the elements inside it; 0 for text. */
const elementsIn = (node: Node) => (node instanceof Element ? 1 + node.getElementsByTagName("*").length : 0);

/** A queue of 12 items with the demo's four questions; the review on item `at` (0-based), everything read ahead. */
async function openReview(at = 0) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 12, name: "Tone review" });
  setQueueQuestions(server.db, queueId, Object.values(seedQuestions(server.db, PROJECT, DEMO_QUESTIONS)));
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const items = (await clients.trace.queryItems(queueId, { project_id: PROJECT, include_position: true })).items;
  storeSettings(server, PROJECT);
  const app = renderApp({
    path: `/queues/${queueId}/items/${items[at]!.id}?i=${at}`,
    defaults: urlsOf(server.settings),
    fetch: server.fetch,
  });
  // Nothing read, and nothing the reads started still to render (the cache tells its readers in a
  // timer), nor any read still to start (a press's read-ahead waits until its frame is drawn): the
  // counted press's renders are its own.
  const settled = async () => {
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAWN_AFTER_MS + 50)));
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0), SLOW);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0), SLOW);
  };
  await waitFor(() => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"), SLOW);
  await settled();
  return { items, settled, ...app };
}

type Router = ReturnType<typeof renderApp>["router"];

/**
 * Presses the key and returns what rendered in the key's own handling (the next item, before its paint), then what
 * rendered after it until the router's render of the item's address (written after the paint) was done.
 */
async function pressCounted(
  key: "n" | "C",
  router: Router,
  toItemId: string,
): Promise<{ keyRender: Commit[]; after: Commit[] }> {
  const counting = countRenders();
  fireEvent.keyDown(document.body, { key });
  const keyRender = counting.stop();
  // The address is not written in the key's handling: that would hold the item's first frame back.
  expect(router.location.pathname).not.toContain(toItemId);
  const following = countRenders();
  await waitFor(() => expect(router.location.pathname).toContain(toItemId), SLOW);
  return { keyRender, after: following.stop() };
}

describe("what a press of n renders", () => {
  it("the next item in the key's render; the layout, side navigation and unchanged controls not at all", async () => {
    const { items, router, settled } = await openReview();
    // The first move also writes the table's view into the address; the second is the usual one.
    await pressCounted("n", router, items[1]!.id);
    await settled();

    const { keyRender: keyCommits, after } = await pressCounted("n", router, items[2]!.id);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Item 3");
    // The key's synchronous render, then, after its paint, the router's render of the new address.
    expect(keyCommits).toHaveLength(1);
    expect(after).toHaveLength(1);
    const commits = [...keyCommits, ...after];
    const [keyRender, addressRender] = commits.map((c) => tally([c])) as [
      Record<string, number>,
      Record<string, number>,
    ];
    expect(keyRender.ItemBody).toBe(1);
    // The side navigation reads the address (1 component), its links only whether they are the current page.
    for (const name of ["AppLayout", "NavItem", "NavLink"]) {
      expect(keyRender[name]).toBeUndefined();
      expect(addressRender[name]).toBeUndefined();
    }
    // The item and the controls that show it are drawn once, in the key's render.
    for (const name of ["ItemBody", "StateActions", "ReviewNav", "WorkModeBar", "Breadcrumbs", "ShortcutsDialog"])
      expect(addressRender[name]).toBeUndefined();
    // The key's render holds the next item and its controls; the router's redraws only what reads the address,
    // never the layout or the review's controls (a callback made anew per render would redraw all of them).
    expect(commits[0]!.names.length).toBeLessThanOrEqual(110);
    expect(commits[1]!.names.length).toBeLessThanOrEqual(ADDRESS_RENDER_AT_MOST);
  }, 30_000);

  it("from one unstarted item to the next, the state buttons, the moves and the questions' choices are left as they are", async () => {
    // The seeded queue's last six items are unstarted: the usual walk through an Unstarted list.
    const { items, router, settled } = await openReview(6);
    expect(items.slice(6, 9).map((item) => item.annotation_state)).toEqual(["unstarted", "unstarted", "unstarted"]);
    await pressCounted("n", router, items[7]!.id);
    await settled();
    const { keyRender } = await pressCounted("n", router, items[8]!.id);
    const rendered = tally(keyRender);
    expect(rendered.ItemBody).toBe(1);
    // Each would be drawn the same: React rewrites a radio button's name and type each time it renders one.
    for (const name of [
      "StateActions",
      "MoveButtons",
      "NextUnstartedButton",
      "ChoiceOption",
      "ChoiceInput",
      "WorkModeBar",
    ])
      expect(rendered[name]).toBeUndefined();
  }, 30_000);

  it("after an answer, the next item redraws the radio buttons whose check changed, not those whose number key did", async () => {
    const { items, router, settled } = await openReview(6);
    await pressCounted("n", router, items[7]!.id);
    await settled();
    // 1 answers Tone with its first choice and moves the highlight (and the number keys' marks) on to Resolution.
    fireEvent.keyDown(document.body, { key: "1" });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^1/ })).toBeChecked(), SLOW);
    await settled();
    const { keyRender } = await pressCounted("n", router, items[8]!.id);
    const rendered = tally(keyRender);
    // On the next item the highlight is back on Tone: its options and Resolution's show or hide their keys.
    expect(rendered.ChoiceOption).toBeGreaterThan(2);
    // Only the choice the answer had checked is a radio button drawn again.
    expect(rendered.ChoiceInput).toBe(1);
  }, 30_000);

  it("Complete & next: the same, the write's changes to the cached lists rendered after the move", async () => {
    const { items, router, settled } = await openReview();
    await pressCounted("n", router, items[1]!.id);
    await settled();
    // The first press names the unanswered questions; the second completes and moves on.
    fireEvent.keyDown(document.body, { key: "C" });
    await screen.findByText(/Not completed yet/);
    await settled();
    const { keyRender, after } = await pressCounted("C", router, items[2]!.id);
    const names = [...keyRender, ...after].flatMap((c) => c.names);
    for (const name of ["AppLayout", "NavItem"]) expect(names).not.toContain(name);
    // The same bounds as for n: the item in the key's render; the write's list changes and the address after it.
    expect(keyRender).toHaveLength(1);
    expect(tally(keyRender).ItemBody).toBe(1);
    expect(keyRender[0]!.names.length).toBeLessThanOrEqual(110);
    expect(tally(after).ItemBody).toBeUndefined();
    // The write's changes to the cached lists (the navigation's neighbours) and the router's render of the address;
    // on a busy machine the write's answer ("… marked completed", a render of the review's notices) may come first
    // or last. A commit in which no component ran (an update React bailed out of) costs nothing and is not counted.
    expect(after.filter((commit) => commit.names.length > 0).length).toBeLessThanOrEqual(3);
    expect(after.some((commit) => commit.names.includes("Routes"))).toBe(true);
    for (const commit of after) expect(commit.names.length).toBeLessThanOrEqual(ADDRESS_RENDER_AT_MOST);
  }, 30_000);

  it("what the browser redraws: the elements a press of n puts in and takes out of the page", async () => {
    const { items, router, settled } = await openReview();
    await pressCounted("n", router, items[1]!.id);
    await settled();
    const replaced = { inserted: 0, removed: 0 };
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) replaced.inserted += elementsIn(n);
        for (const n of r.removedNodes) replaced.removed += elementsIn(n);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await pressCounted("n", router, items[2]!.id);
    // The observer is told in a microtask: let it run before reading.
    await act(() => Promise.resolve());
    observer.disconnect();
    // The review's frame, its bars, the item's columns and the Annotate panel stay and are patched (the panel sets its
    // item's state back itself): what is put in is what the next item has and the last had not (here its details'
    // state marks, 12; 5 taken out). The panel made anew per item put in 80 more.
    expect(replaced.inserted).toBeGreaterThan(0);
    expect(replaced.inserted).toBeLessThanOrEqual(ELEMENTS_REPLACED_AT_MOST);
    expect(replaced.removed).toBeLessThanOrEqual(ELEMENTS_REPLACED_AT_MOST);
  }, 30_000);
});
