import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { API_KEY_STORAGE_KEY, PREFERENCES_STORAGE_KEY } from "@/connection/settings-storage";
import { createLocalServer } from "@/test/local-server";

/**
 * A link to a queue's page names the queue's project, and a page opened with a project that is
 * not the one chosen in Settings says so and offers to switch, instead of reading the queue in the
 * wrong project (which answers "not found") and calling it deleted.
 */

const CHOSEN = "demo/support-bot";
const OTHER = "demo/claims-bot";
/** Generous: these render the whole app in jsdom, which is slow on a busy machine. */
const SLOW = { timeout: 10_000 };
const inLink = (project: string) => `annotation_project=${encodeURIComponent(project)}`;

async function setup(
  path: (ids: { otherQueue: string; otherItem: string; chosenQueue: string }) => string,
  chosen = CHOSEN,
) {
  const server = createLocalServer();
  const otherQueue = seedLargeQueue(server.db, { projectId: OTHER, items: 5, name: "Claims triage" });
  const chosenQueue = seedLargeQueue(server.db, { projectId: CHOSEN, items: 5, name: "Tone review" });
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const otherItem = (await clients.trace.queryItems(otherQueue, { project_id: OTHER, limit: 1 })).items[0]!.id;
  localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
  localStorage.setItem(
    PREFERENCES_STORAGE_KEY,
    JSON.stringify({ annotationProject: chosen, inferenceProject: "", keyStorage: "local" }),
  );
  const pageRequests = () => server.requests.slice(setupRequests);
  const setupRequests = server.requests.length;
  const app = renderApp({
    path: path({ otherQueue, otherItem, chosenQueue }),
    defaults: urlsOf(server.settings),
    fetch: server.fetch,
  });
  const chosenNow = () => app.settingsStore.getSnapshot().connection.annotationProject;
  return { ...app, pageRequests, otherQueue, otherItem, chosenQueue, chosenNow };
}

/** The notice a page shows for a link of another project, found by its heading. */
const mismatchNotice = async () =>
  await screen.findByRole("region", { name: `This link is for project ${OTHER}` }, SLOW);

afterEach(() => {
  localStorage.clear();
});

describe("a link to a page of another project", () => {
  it("on the items page, says whose link it is and where you work, and one click switches Settings to it", async () => {
    const { user, chosenNow, otherQueue } = await setup((ids) => `/queues/${ids.otherQueue}?${inLink(OTHER)}`);
    const notice = await mismatchNotice();
    expect(notice).toHaveTextContent(`You are working in ${CHOSEN}`);
    expect(screen.queryByText(/deleted/)).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Annotation queue" })).toBeInTheDocument();

    await user.click(within(notice).getByRole("button", { name: `Switch to ${OTHER}` }));
    expect(chosenNow()).toBe(OTHER);
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? "{}")).toMatchObject({
      annotationProject: OTHER,
    });
    expect(await screen.findByRole("table", { name: "Claims triage" }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Insights" })).toHaveAttribute(
      "href",
      `/queues/${otherQueue}/insights?${inLink(OTHER)}`,
    );
  }, 60_000);

  it("on the review, offers to stay in the chosen project, which leads to its queues and changes nothing", async () => {
    const { user, router, chosenNow } = await setup(
      (ids) => `/queues/${ids.otherQueue}/items/${ids.otherItem}?${inLink(OTHER)}&i=0`,
    );
    const notice = await mismatchNotice();
    expect(screen.getByRole("heading", { level: 1, name: "Review" })).toBeInTheDocument();
    await user.click(within(notice).getByRole("link", { name: `Stay in ${CHOSEN}` }));
    await waitFor(() => expect(router.location.pathname).toBe("/queues"), SLOW);
    expect(chosenNow()).toBe(CHOSEN);
    expect(await screen.findByRole("table", { name: "Annotation queues" }, SLOW)).toHaveTextContent("Tone review");
  }, 60_000);

  it("on the insights page, says so instead of reading the queue in the wrong project", async () => {
    const { pageRequests, otherQueue } = await setup((ids) => `/queues/${ids.otherQueue}/insights?${inLink(OTHER)}`);
    await mismatchNotice();
    expect(screen.getByRole("heading", { level: 1, name: "Queue insights" })).toBeInTheDocument();
    expect(pageRequests().some((r) => r.url.includes(otherQueue))).toBe(false);
  }, 60_000);

  it("on the train-from-queue page, says so too", async () => {
    await setup((ids) => `/queues/${ids.otherQueue}/train?${inLink(OTHER)}`);
    await mismatchNotice();
    expect(screen.getByRole("heading", { level: 1, name: "Train from a queue" })).toBeInTheDocument();
  }, 60_000);

  it("with no project chosen, offers the link's project", async () => {
    const { user, chosenNow } = await setup((ids) => `/queues/${ids.otherQueue}?${inLink(OTHER)}`, "");
    const notice = await mismatchNotice();
    expect(notice).toHaveTextContent("No annotation project is chosen in Settings");
    await user.click(within(notice).getByRole("button", { name: `Switch to ${OTHER}` }));
    expect(chosenNow()).toBe(OTHER);
    expect(await screen.findByRole("table", { name: "Claims triage" }, SLOW)).toBeInTheDocument();
  }, 60_000);

  it("names a project that is not entity/project as such, and offers only to stay", async () => {
    await setup((ids) => `/queues/${ids.otherQueue}?annotation_project=claims-bot`);
    const notice = await screen.findByRole("region", { name: "This link's project is not a project" }, SLOW);
    expect(notice).toHaveTextContent("“claims-bot” is not of the form entity/project");
    expect(within(notice).queryByRole("button")).not.toBeInTheDocument();
    expect(within(notice).getByRole("link", { name: `Stay in ${CHOSEN}` })).toHaveAttribute("href", "/queues");
  }, 60_000);
});

describe("a page opened without a project in its link", () => {
  it("works in the chosen project, and its links name it", async () => {
    const { chosenQueue } = await setup((ids) => `/queues/${ids.chosenQueue}`);
    const table = await screen.findByRole("table", { name: "Tone review" }, SLOW);
    const project = inLink(CHOSEN);
    expect(screen.getByRole("link", { name: "Insights" })).toHaveAttribute(
      "href",
      `/queues/${chosenQueue}/insights?${project}`,
    );
    expect(screen.getByRole("link", { name: "Train from this queue" })).toHaveAttribute(
      "href",
      `/queues/${chosenQueue}/train?${project}`,
    );
    expect(within(table).getByRole("link", { name: "Open item 1" }).getAttribute("href")).toMatch(
      new RegExp(`^/queues/${chosenQueue}/items/[^?]+\\?${project}&`),
    );
  }, 60_000);

  it("for a queue the chosen project does not have, names the project instead of calling it deleted", async () => {
    await setup((ids) => `/queues/${ids.otherQueue}`);
    expect(await screen.findByText(`${CHOSEN} has no queue with this id`, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/It was deleted, or the link is for another project/)).toBeInTheDocument();
  }, 60_000);
});
