import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer, storeSettings } from "@/test/local-server";

/** Generous: these render the whole app in jsdom, which is slow on a busy machine. */
const SLOW = { timeout: 10_000 };

function setup(project: string, path = "/queues") {
  const server = createLocalServer();
  storeSettings(server, project);
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const render = () => renderApp({ path, defaults: urlsOf(server.settings), fetch: server.fetch });
  return { server, clients, render };
}

describe("queue list page", () => {
  it("lists the project's queues with their progress and opens one", async () => {
    const { server, clients, render } = setup("demo/support-bot");
    const big = seedLargeQueue(server.db, { projectId: "demo/support-bot", items: 40, name: "Refund tone" });
    seedLargeQueue(server.db, { projectId: "demo/support-bot", items: 5, name: "Escalations" });
    const [stats] = await clients.trace.queueStats({ project_id: "demo/support-bot", queue_ids: [big] });
    const { user, router } = render();

    const table = await screen.findByRole("table", { name: "Annotation queues" }, SLOW);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    const progress = await within(table).findByRole("progressbar", { name: "Progress of Refund tone" }, SLOW);
    expect(progress).toHaveAttribute("value", String(stats!.completed_items));
    expect(progress).toHaveAttribute("max", "40");
    expect(within(table).getByText(`${stats!.completed_items}`)).toBeInTheDocument();
    // "Done" says what it counts: skipped items too, and items someone has started again since.
    expect(
      within(table).getByRole("columnheader", { name: /^Done\s*completed or skipped by anyone$/ }),
    ).toBeInTheDocument();
    expect(progress).toHaveAccessibleDescription(
      "Done counts items someone completed or skipped, including ones another annotator has started again since.",
    );

    await user.click(within(table).getByRole("link", { name: "Refund tone" }));
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${big}`), SLOW);
  }, 60_000);

  it("opens a queue from a click anywhere on its row, as the items table does", async () => {
    const { server, render } = setup("demo/support-bot");
    const queue = seedLargeQueue(server.db, { projectId: "demo/support-bot", items: 3, name: "Row clicks" });
    const { user, router } = render();
    const table = await screen.findByRole("table", { name: "Annotation queues" }, SLOW);
    const row = within(table).getByRole("link", { name: "Row clicks" }).closest("tr")!;
    await user.click(within(row).getAllByRole("cell")[2]!);
    await waitFor(() => expect(router.location.pathname).toBe(`/queues/${queue}`), SLOW);
  }, 60_000);

  it("searches names on the service and keeps the search in the URL", async () => {
    const { server, render } = setup("demo/support-bot");
    seedLargeQueue(server.db, { projectId: "demo/support-bot", items: 3, name: "Refund tone" });
    seedLargeQueue(server.db, { projectId: "demo/support-bot", items: 3, name: "Escalations" });
    const { user, router } = render();
    await screen.findByRole("table", { name: "Annotation queues" }, SLOW);
    await user.type(screen.getByLabelText("Search queues by name"), "REFUND");
    await waitFor(() => expect(new URLSearchParams(router.location.search).get("q")).toBe("REFUND"), SLOW);
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2), SLOW);
    expect(server.requests.some((r) => r.url.endsWith("/annotation_queues/query"))).toBe(true);

    await user.clear(screen.getByLabelText("Search queues by name"));
    await user.type(screen.getByLabelText("Search queues by name"), "zzz");
    expect(await screen.findByText("No queue name contains “zzz”", {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it("explains how queues are filled when the project has none", async () => {
    const { render } = setup("demo/empty-project");
    render();
    expect(await screen.findByText("demo/empty-project has no annotation queues yet", {}, SLOW)).toBeInTheDocument();
    // This dashboard's own Calls page, not another web app's.
    expect(screen.getByRole("link", { name: "Choose calls on the Calls page" })).toHaveAttribute(
      "href",
      "/calls?annotation_project=demo%2Fempty-project",
    );
    expect(screen.getByText("demo/empty-project has no annotation queues yet").parentElement).toHaveTextContent(
      /press Add to queue…, which can make a new queue on the spot/,
    );
    expect(screen.queryByText(/Weave UI/)).not.toBeInTheDocument();
  });

  it("asks for a project when Settings has none", async () => {
    const { render } = setup("");
    render();
    const link = await screen.findByRole("link", { name: "Choose a project in Settings" }, SLOW);
    expect(link).toHaveAttribute("href", "/settings?returnTo=%2Fqueues");
  });
});
