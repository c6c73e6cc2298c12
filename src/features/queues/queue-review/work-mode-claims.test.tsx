import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { upsertUser } from "@server/auth/users";
import { setProgress } from "@server/trace/progress";
import { renderApp, urlsOf } from "@/app/test-support";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";

/**
 * Work mode's Complete & next in the review, against the local services: the next item is shown as
 * soon as it is found, its claim's write still on its way, and what the write answers afterwards
 * (taken, closed to me, failed) is acted on then.
 */
const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };
const MARIA_KEY = "maria-work-mode-key";

/** How the service answers a claim's write (a progress change to in_progress). */
type ClaimAnswer = "answered" | "held" | "refused" | "failed";

/**
 * A queue of unstarted items with no questions (Complete never waits for an answer), opened in work mode on its first.
 * `firstMine`: the first item is in progress, mine, before the review opens (as after Start annotating claimed it).
 */
function openWorkMode(size = 12, { firstMine = false } = {}) {
  const server = createLocalServer();
  const { queueId, queue } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: size,
    name: "Work mode claims",
    questions: [],
    at: Date.now(),
    first: 1,
  });
  // Every item, in the queue's order.
  const items = server.db
    .prepare("SELECT id FROM annotation_queue_items WHERE queue_seq = ? ORDER BY created_at, id")
    .all(queue.seq) as { id: string }[];
  storeSettings(server, PROJECT);
  upsertUser(server.db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
  if (firstMine) setProgress(server.db, queue, items[0]!.id, "user-demo", "in_progress");
  // Claims answered as the test decides (`writes`, or the next of `once` first); every other request as the service answers it.
  const claims = {
    writes: "answered" as ClaimAnswer,
    once: [] as ClaimAnswer[],
    held: [] as (() => void)[],
    sent: 0,
    /** Progress writes to completed, of any item; the first `refuseCompletes` of them are refused. */
    completes: 0,
    refuseCompletes: 0,
    /** While set, writes to completed wait for their release (`heldCompletes`) before the service answers them. */
    holdCompletes: false,
    heldCompletes: [] as (() => void)[],
    refusedItems: [] as string[],
    /** Called once a claim's write has been answered: what another annotator does right after it. */
    afterClaim: null as ((url: string) => Promise<unknown>) | null,
    /** Reads of the list's window (not work mode's search, which asks for open items only) are held while set. */
    holdWindows: false,
    heldWindows: [] as (() => void)[],
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = typeof init?.body === "string" ? init.body : "";
    if (url.endsWith("/progress") && body.includes('"completed"')) {
      claims.completes += 1;
      if (claims.refuseCompletes > 0) {
        claims.refuseCompletes -= 1;
        return Response.json({ detail: "Refused for the test." }, { status: 400 });
      }
      if (claims.holdCompletes) await new Promise<void>((release) => claims.heldCompletes.push(release));
    }
    if (claims.holdWindows && url.endsWith("/items/query") && !body.includes('"annotation_states"'))
      await new Promise<void>((release) => claims.heldWindows.push(release));
    const isClaim = url.endsWith("/progress") && body.includes('"in_progress"');
    if (!isClaim) return server.fetch(input, init);
    claims.sent += 1;
    const answer = claims.once.shift() ?? claims.writes;
    if (answer === "refused") {
      claims.refusedItems.push(decodeURIComponent(url.split("/items/")[1]!.split("/")[0]!));
      return Response.json({ detail: "Your own record on this item is final." }, { status: 400 });
    }
    if (answer === "failed") return Response.json({ detail: "The service is down." }, { status: 503 });
    if (answer === "held") await new Promise<void>((release) => claims.held.push(release));
    const response = await server.fetch(input, init);
    const after = claims.afterClaim;
    claims.afterClaim = null;
    await after?.(url);
    return response;
  };
  /** user-maria puts the item of a claim's address in progress: the latest writer, so that claim is lost. */
  const mariaClaims = (url: string) =>
    server.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Basic ${btoa(`api:${MARIA_KEY}`)}` },
      body: JSON.stringify({ project_id: PROJECT, annotation_state: "in_progress" }),
    });
  const app = renderApp({
    path: `/queues/${queueId}/items/${items[0]!.id}?work=1`,
    defaults: urlsOf(server.settings),
    fetch,
  });
  /** The item's row as the service lists it (its state and latest writer). */
  const rowOf = (itemId: string) =>
    server.db
      .prepare("SELECT annotation_state, annotator_user_id FROM annotation_queue_items WHERE id = ?")
      .get(itemId) as { annotation_state: string; annotator_user_id: string };
  /** user-maria completes the item: it is no longer offered to anyone. */
  const mariaCompletes = (itemId: string) =>
    mariaClaims(`${server.settings.traceBaseUrl}/annotation_queues/${queueId}/items/${itemId}/progress`).then(() =>
      server.fetch(`${server.settings.traceBaseUrl}/annotation_queues/${queueId}/items/${itemId}/progress`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Basic ${btoa(`api:${MARIA_KEY}`)}` },
        body: JSON.stringify({ project_id: PROJECT, annotation_state: "completed" }),
      }),
    );
  return { ...app, claims, mariaClaims, mariaCompletes, rowOf, items, firstItemId: items[0]!.id };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The item the review shows: the one its details name. */
function shownItemId(): string | null {
  const copy = screen.queryByRole("button", { name: "Copy item ID" });
  return copy?.previousElementSibling?.getAttribute("title") ?? null;
}

/** Presses the key (Complete & next, Next for me, or Next) and returns the item shown once it is another than `from`. */
async function moveWith(key: "C" | "u" | "n", from: string): Promise<string> {
  fireEvent.keyDown(document.body, { key });
  let shown: string | null = null;
  await waitFor(() => {
    shown = shownItemId();
    expect(shown).not.toBe(from);
    expect(shown).not.toBeNull();
  }, SLOW);
  return shown!;
}

const completeAndNext = (from: string) => moveWith("C", from);
const nextForMe = (from: string) => moveWith("u", from);

/** The items shown from `first` on, one press of `move` after another. */
async function walk(first: string, presses: number, move: (from: string) => Promise<string>): Promise<string[]> {
  const shown = [first];
  for (let press = 0; press < presses; press++) shown.push(await move(shown.at(-1)!));
  return shown;
}

async function ready(firstItemId: string) {
  await waitFor(() => expect(shownItemId()).toBe(firstItemId), SLOW);
  // Complete & next is there to press once the item's state is known.
  await screen.findByRole("button", { name: /Complete & next/ }, SLOW);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("work mode's Complete & next", () => {
  it("shows the next item before its claim's write is back, as in progress and mine", async () => {
    const { claims, firstItemId } = openWorkMode();
    await ready(firstItemId);
    claims.writes = "held";
    const next = await completeAndNext(firstItemId);
    // Shown while the claim's write is still held by the service.
    await waitFor(() => expect(claims.held).toHaveLength(1));
    expect(shownItemId()).toBe(next);
    // Shown as the write will leave it: in progress, mine.
    await waitFor(() =>
      expect(screen.getByRole("complementary", { name: "Details" })).toHaveTextContent(/In progress/),
    );
    expect(claims.held).toHaveLength(1);
    for (const release of claims.held) release();
    claims.writes = "answered";
  }, 30_000);

  it("names the next item's place in the queue at once, from the search that found it, not a read later", async () => {
    const { claims, firstItemId, items, mariaCompletes } = openWorkMode(80);
    // The items the first item's window and the table's first page hold are taken: the next item offered lies past
    // every row read so far (as on a big queue, where a team works far from the table's first page).
    for (const item of items.slice(1, 70)) await mariaCompletes(item.id);
    await ready(firstItemId);
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Item 1 of 80$/), SLOW);
    claims.holdWindows = true;
    const next = await completeAndNext(firstItemId);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Item (71|72|73) of 80$/);
    // Nothing the heading could have read its place from: the list's reads are still held.
    expect(shownItemId()).toBe(next);
    claims.holdWindows = false;
    for (const release of claims.heldWindows) release();
  }, 30_000);

  it("never offers again an item completed here, while its Complete still waits for the claim to settle", async () => {
    // Always the first item offered (work mode picks one of the first few at random): the one the bug would offer.
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { firstItemId } = openWorkMode();
    await ready(firstItemId);
    // Quicker than a claim settles (600 ms): the items left are still in progress, mine, on the service.
    const shown = await walk(firstItemId, 3, completeAndNext);
    expect(new Set(shown).size).toBe(shown.length);
  }, 30_000);

  it("an item whose Complete the service refused is offered again (it is still open)", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { claims, firstItemId } = openWorkMode();
    await ready(firstItemId);
    claims.refuseCompletes = 1;
    const second = await completeAndNext(firstItemId);
    await waitFor(() => expect(claims.completes).toBe(1));
    await screen.findByText(/Refused for the test/, undefined, SLOW);
    // The first item comes first in the list, and it is open again.
    expect(await completeAndNext(second)).toBe(firstItemId);
  }, 30_000);

  it("a claim the service refuses (my own record on the item is final) moves on, and says why", async () => {
    const { claims, firstItemId, rowOf } = openWorkMode();
    await ready(firstItemId);
    claims.once.push("refused");
    // The first item's Complete is answered only after the move: its confirmation comes last, as on a slow network.
    claims.holdCompletes = true;
    await completeAndNext(firstItemId);
    // Said once the next item is shown (the move clears what was said about the item left).
    const why = /You completed or skipped that item before.*here is the next one for you/;
    await screen.findByText(why, undefined, SLOW);
    claims.holdCompletes = false;
    for (const release of claims.heldCompletes) release();
    await waitFor(() => expect(rowOf(firstItemId).annotation_state).toBe("completed"));
    await pause(100);
    // The confirmation of the item left does not take the place of why the annotator is on this one.
    expect(screen.getByText(why)).toBeVisible();
    expect(claims.refusedItems).toHaveLength(1);
    expect([firstItemId, ...claims.refusedItems]).not.toContain(shownItemId());
    // The next item's claim, and no more (past its read-back, 600 ms on).
    await waitFor(() => expect(claims.sent).toBe(2));
    await pause(800);
    expect(claims.sent).toBe(2);
  }, 30_000);

  it("a service that refuses every claim stops the walk after a few items and says nothing is left", async () => {
    const { claims, firstItemId } = openWorkMode();
    await ready(firstItemId);
    claims.writes = "refused";
    await completeAndNext(firstItemId);
    await screen.findByText(/Nothing left for you in this queue/, undefined, SLOW);
    // The walk stopped at the bound: 8 items tried (the queue holds 11 more).
    expect(claims.sent).toBe(8);
    // The last one stays on screen, and it is not mine: keys do not act on it.
    const last = claims.refusedItems.at(-1);
    expect(shownItemId()).toBe(last);
    expect(screen.getByText("You completed or skipped that item before: it is not yours to take again.")).toBeVisible();
    fireEvent.keyDown(document.body, { key: "c" });
    await pause(300);
    expect(claims.completes).toBe(1);
  }, 30_000);

  it("a claim lost after the annotator moved on: the Complete made on it is not sent, and they are told", async () => {
    const { claims, mariaClaims, rowOf, firstItemId } = openWorkMode();
    await ready(firstItemId);
    claims.afterClaim = mariaClaims;
    const lostItem = await completeAndNext(firstItemId);
    // Completed and left at once, before the claim's read-back (600 ms on) finds user-maria its latest writer.
    await completeAndNext(lostItem);
    await screen.findByText(
      /user-maria took that item a moment before you, so it was not marked completed \(your answers on it are kept\)/,
      undefined,
      SLOW,
    );
    expect(rowOf(lostItem)).toEqual({ annotation_state: "in_progress", annotator_user_id: "user-maria" });
    // The only trace of the dropped change stays when the item on screen is skipped: the skip asked nothing of it.
    const shown = shownItemId()!;
    fireEvent.keyDown(document.body, { key: "s" });
    await waitFor(() => expect(rowOf(shown)?.annotation_state).toBe("skipped"), SLOW);
    await pause(300);
    expect(screen.getByText(/so it was not marked completed \(your answers on it are kept\)/)).toBeVisible();
  }, 30_000);

  it("a claim whose write fails says so, with Retry, and Retry claims the next item", async () => {
    const { claims, firstItemId } = openWorkMode();
    await ready(firstItemId);
    claims.once.push("failed");
    const unclaimed = await completeAndNext(firstItemId);
    await screen.findByText("Could not claim the next item for you", undefined, SLOW);
    // No claim was made, so none is read back: the item and the notice stay until Retry (past 600 ms).
    await pause(900);
    expect(shownItemId()).toBe(unclaimed);
    expect(screen.getByText("Could not claim the next item for you")).toBeVisible();
    const sent = claims.sent;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(shownItemId()).not.toBe(unclaimed), SLOW);
    expect(claims.sent).toBeGreaterThan(sent);
    await waitFor(() => expect(screen.queryByText("Could not claim the next item for you")).toBeNull());
  }, 30_000);
});

describe("work mode's Next for me", () => {
  it("moves on to an item not left on this page, while there is one: never back and forth between my own", async () => {
    // Always the first item offered: my own items, in progress, come first in the list.
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { firstItemId } = openWorkMode(8, { firstMine: true });
    await ready(firstItemId);
    const shown = await walk(firstItemId, 4, nextForMe);
    expect(new Set(shown).size).toBe(shown.length);
  }, 30_000);

  it("offers an item walked past with n (never claimed) in its turn, not after every other", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { firstItemId, items } = openWorkMode(8, { firstMine: true });
    await ready(firstItemId);
    // n walks the list without claiming: the second item stays unstarted, nobody's.
    await waitFor(
      () => expect(screen.getByRole("button", { name: "Next" })).not.toHaveAttribute("aria-disabled"),
      SLOW,
    );
    const second = await moveWith("n", firstItemId);
    expect(second).toBe(items[1]!.id);
    // My own item first, then the first open one: the one walked past, not one after it.
    const shown = await walk(second, 2, nextForMe);
    expect(shown).toEqual([second, firstItemId, second]);
  }, 30_000);

  it("offers the items left, still mine, once nothing else is", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { firstItemId, items } = openWorkMode(3, { firstMine: true });
    await ready(firstItemId);
    const shown = await walk(firstItemId, 2, nextForMe);
    expect(shown).toEqual(items.map((item) => item.id));
    // Every item is mine and left: the first of the list comes back, not "Nothing left for you".
    expect(await nextForMe(shown.at(-1)!)).toBe(firstItemId);
  }, 30_000);
});
