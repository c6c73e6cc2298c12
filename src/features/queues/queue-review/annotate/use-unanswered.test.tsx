import type { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ObjCreateResponse } from "@contract/trace-objects";
import { upsertUser } from "@server/auth/users";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { seedAnnotationSpecs } from "@server/trace/seed/annotation-specs";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { createTestQueryClient } from "@/test/query-client";
import { createLocalServer } from "@/test/local-server";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";

const PROJECT = "demo/support-bot";
const MARIA_KEY = "maria-unanswered-key";
const SLOW = { timeout: 10_000 };

/**
 * A review of one item whose questions are a rating and a choice (required: no mark) and a free
 * comment marked optional in its schema, stored here rather than taken from the seed so the test
 * says exactly what it relies on.
 */
async function setup(
  wrapFetch: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (fetch) => fetch,
  queryClient?: QueryClient,
) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 3, name: "Tone review" });
  const required = seedAnnotationSpecs(server.db, PROJECT, ["tone", "resolution"], Date.now(), "user-demo");
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const comment = {
    name: "Note",
    description: "Anything worth saying.",
    field_schema: { type: "string", maxLength: 500, "x-optional": true },
  };
  const created = ObjCreateResponse.parse(
    await clients.trace.createObject({
      obj: { project_id: PROJECT, object_id: "note", val: comment, builtin_object_class: "AnnotationSpec" },
    }),
  );
  const refs = [required.tone, required.resolution, `weave:///${PROJECT}/object/note:${created.digest}`];
  server.db.prepare("UPDATE annotation_queues SET scorer_refs = ? WHERE id = ?").run(JSON.stringify(refs), queueId);
  const [item, other] = (await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 2 })).items;
  upsertUser(server.db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
  const maria = createApiClients({ ...server.settings, apiKey: MARIA_KEY }, { fetch: server.fetch });
  /** A colleague answers this item's Resolution (a question whose answer the team shares) from her own browser. */
  const mariaAnswersResolution = () =>
    maria.trace.createFeedback({
      project_id: PROJECT,
      weave_ref: `weave:///${PROJECT}/call/${item!.call_id}`,
      feedback_type: "wandb.annotation.resolution",
      annotation_ref: required.resolution,
      payload: { value: "Resolved" },
    });
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: PROJECT, inferenceProject: "", keyStorage: "local" }),
  );
  const state = () =>
    server.db.prepare("SELECT annotation_state FROM annotation_queue_items WHERE id = ?").pluck().get(item!.id);
  const view = renderApp({
    path: `/queues/${queueId}/items/${item!.id}`,
    defaults: urlsOf(server.settings),
    fetch: wrapFetch(server.fetch),
    queryClient,
  });
  return {
    state,
    user: view.user,
    router: view.router,
    otherItemPath: `/queues/${queueId}/items/${other!.id}`,
    mariaAnswersResolution,
  };
}

describe("completing an item with an optional question unanswered", () => {
  it("one press completes when only optional questions are left, and the review marks them optional", async () => {
    const { state, user } = await setup();
    const note = await screen.findByRole("group", { name: "Note" }, SLOW);
    expect(within(note).getByText("optional")).toBeVisible();
    expect(note).toHaveAccessibleDescription(/optional/);
    expect(screen.getByRole("group", { name: "Tone" })).not.toHaveAccessibleDescription(/optional/);
    // Tone 4, then Resolution's first choice: every required question answered, the note left empty.
    await user.keyboard("4");
    await user.keyboard("1");
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
    expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument();
  }, 60_000);

  it("a required question left unanswered still takes two presses, and only the required ones are named", async () => {
    const { state, user } = await setup();
    await screen.findByRole("group", { name: "Note" }, SLOW);
    await user.keyboard("4");
    await user.keyboard("c");
    expect(await screen.findByText(/Not completed yet/, {}, SLOW)).toHaveTextContent(
      "1 question is unanswered: Resolution.",
    );
    // Not completed: the answer started the item, nothing more.
    await waitFor(() => expect(state()).toBe("in_progress"), SLOW);
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
  }, 60_000);

  it("the warning is brought up to date as the questions it names are answered, and goes with the last; the next press completes", async () => {
    const { state, user } = await setup();
    await screen.findByRole("group", { name: "Note" }, SLOW);
    await user.keyboard("c");
    const warning = await screen.findByText(/Not completed yet/, {}, SLOW);
    expect(warning).toHaveTextContent("2 questions are unanswered: Tone, Resolution.");
    // 4 answers Tone (and highlights Resolution), 1 answers Resolution.
    await user.keyboard("4");
    expect(screen.getByText(/Not completed yet/)).toHaveTextContent("1 question is unanswered: Resolution.");
    // The last one answered, the warning goes: the next press checks again, finds nothing missing, and completes.
    await user.keyboard("1");
    expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument();
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
  }, 60_000);

  it("a question a colleague answers meanwhile leaves the warning once her answer is shown", async () => {
    const queryClient = createTestQueryClient();
    const { state, user, mariaAnswersResolution } = await setup(undefined, queryClient);
    await screen.findByRole("group", { name: "Note" }, SLOW);
    await user.keyboard("c");
    expect(await screen.findByText(/Not completed yet/, {}, SLOW)).toHaveTextContent(
      "2 questions are unanswered: Tone, Resolution.",
    );
    await mariaAnswersResolution();
    // The page reads what it shows again (as it does when its window gets the focus back): her answer is shown.
    await act(() => queryClient.refetchQueries({ type: "active" }));
    await within(screen.getByRole("group", { name: "Resolution" })).findByText(/Shared answer, set by/, {}, SLOW);
    // The warning says what the page shows.
    expect(screen.getByText(/Not completed yet/)).toHaveTextContent("1 question is unanswered: Tone.");
    // Tone answered, nothing is left: the warning goes, and the next press completes.
    await user.keyboard("4");
    expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument();
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
  }, 60_000);

  it("the start an answer made, confirmed after the warning (a slow network), leaves the warning; Complete then says so", async () => {
    const gate: { release?: () => void; answered?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    const answered = new Promise<void>((resolve) => (gate.answered = resolve));
    let progressWrites = 0;
    const { state, user } = await setup((fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith("/progress") || ++progressWrites !== 1) return fetch(request);
      await held;
      const response = await fetch(request);
      gate.answered?.();
      return response;
    });
    await screen.findByRole("group", { name: "Note" }, SLOW);
    await user.keyboard("4");
    await user.keyboard("c");
    await screen.findByText(/Not completed yet/, {}, SLOW);
    // The start's answer comes back now: its "marked in progress" is not said over the warning.
    gate.release?.();
    await answered;
    expect(state()).toBe("in_progress");
    // The answer's confirmation is handled within a few microtasks of the response; give it far more.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText(/Not completed yet/)).toHaveTextContent("1 question is unanswered: Resolution.");
    expect(screen.queryByText(/marked in progress/)).not.toBeInTheDocument();
    // The press the warning asked for completes, and its confirmation takes the warning's place.
    await user.keyboard("c");
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
    expect(await screen.findByText(/marked completed/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument();
  }, 60_000);

  it("a warning about an item is gone once a link opens another one", async () => {
    const { router, otherItemPath, user } = await setup();
    await screen.findByRole("group", { name: "Note" }, SLOW);
    await user.keyboard("4");
    await user.keyboard("c");
    await screen.findByText(/Not completed yet/, {}, SLOW);
    act(() => router.navigate(otherItemPath));
    await waitFor(() => expect(router.location.pathname).toBe(otherItemPath));
    await waitFor(() => expect(screen.queryByText(/Not completed yet/)).not.toBeInTheDocument(), SLOW);
  }, 60_000);
});

describe("completing an item as the page goes", () => {
  it("a Complete waiting for the start an answer made is sent when the page goes, without that start's answer", async () => {
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    const progressStates: string[] = [];
    const { state, user } = await setup((fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith("/progress")) return fetch(request);
      const body = (await request.clone().json()) as { annotation_state: string };
      progressStates.push(body.annotation_state);
      // The start's answer is slow: the page goes before it comes.
      if (progressStates.length === 1) await held;
      return fetch(request);
    });
    await screen.findByRole("group", { name: "Note" }, SLOW);
    // Every required question answered (the first answer starts the item), then Complete.
    await user.keyboard("4");
    await user.keyboard("1");
    await user.keyboard("c");
    await waitFor(() => expect(progressStates).toEqual(["in_progress"]), SLOW);
    // The Complete waits for the start's answer: one change to an item after another.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(progressStates).toEqual(["in_progress"]);
    // A reload, a link to another page, the tab closed: the page goes, and the Complete goes out with it.
    act(() => void window.dispatchEvent(new Event("pagehide")));
    await waitFor(() => expect(progressStates).toEqual(["in_progress", "completed"]), { timeout: 1000 });
    gate.release?.();
    await waitFor(() => expect(state()).toBe("completed"), SLOW);
    // Shown again (the back-forward cache), the page holds its frames as before.
    window.dispatchEvent(new Event("pageshow"));
  }, 60_000);
});
