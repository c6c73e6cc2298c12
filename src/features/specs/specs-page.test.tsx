import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createObject } from "@server/trace/objects/objects";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { SPECS_SHOWN_STEP } from "./specs-page";

/** Generous: these render the whole app in jsdom, which is slow on a busy machine. */
const SLOW = { timeout: 10_000 };

function setup(
  project: string,
  path = "/specs",
  wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch,
) {
  const server = createLocalServer();
  storeSettings(server, project);
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const createSpec = (objectId: string, val: Record<string, unknown>) =>
    clients.trace.createObject({
      obj: { project_id: project, object_id: objectId, val, builtin_object_class: "AnnotationSpec" },
    });
  // No retries with backoff: a failure shows at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const render = () =>
    renderApp({
      path,
      defaults: urlsOf(server.settings),
      fetch: wrapFetch ? wrapFetch(server.fetch) : server.fetch,
      queryClient,
    });
  return { server, clients, createSpec, render };
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole("rowheader")
    .map((cell) => within(cell).getByRole("link").textContent);

describe("the annotation specs page", () => {
  it("explains what a spec is and offers to make one when the project has none", async () => {
    const { render } = setup("demo/empty-project");
    const { user, router } = render();
    expect(await screen.findByText("demo/empty-project has no annotation specs yet", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/A spec is one question annotators answer about a call/)).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: "New spec" });
    await user.click(links.at(-1)!);
    await waitFor(() => expect(router.location.pathname).toBe("/specs/new"), SLOW);
  }, 60_000);

  it("lists the latest version of each spec in words, searches by name and sorts with aria-sort", async () => {
    const { createSpec, render } = setup("demo/support-bot");
    await createSpec("tone", {
      name: "Tone",
      field_schema: { type: "integer", minimum: 1, maximum: 5 },
      unique_among_creators: true,
    });
    await createSpec("tone", {
      name: "Tone",
      field_schema: { type: "integer", minimum: 1, maximum: 4 },
      unique_among_creators: true,
    });
    await createSpec("resolution", { name: "Resolution", field_schema: { type: "string", enum: ["a", "b", "c"] } });
    await createSpec("comment", { name: "Comment", field_schema: { type: "string", maxLength: 500 } });
    await createSpec("odd", { name: "Odd one", field_schema: { type: "object" } });
    const { user, router } = render();

    const table = await screen.findByRole("table", { name: "Annotation specs" }, SLOW);
    expect(names(table)).toEqual(["Comment", "Odd one", "Resolution", "Tone"]);
    const rowOf = (name: string) => within(table).getByRole("link", { name }).closest("tr")!;
    expect(rowOf("Tone")).toHaveTextContent("Rating 1-4");
    expect(rowOf("Tone")).toHaveTextContent("One answer per annotator");
    expect(within(rowOf("Tone")).getAllByRole("cell")[1]).toHaveTextContent("2");
    expect(rowOf("Resolution")).toHaveTextContent("Categories: a, b, c");
    expect(rowOf("Resolution")).toHaveTextContent("One shared answer");
    expect(rowOf("Comment")).toHaveTextContent("Text up to 500 chars");
    expect(rowOf("Odd one")).toHaveTextContent("Raw JSON Schema (not answerable in the review)");
    expect(within(table).getByRole("columnheader", { name: /Question/ })).toHaveAttribute("aria-sort", "ascending");

    await user.click(within(table).getByRole("button", { name: "Versions" }));
    await waitFor(
      () =>
        expect(within(table).getByRole("columnheader", { name: /Versions/ })).toHaveAttribute(
          "aria-sort",
          "descending",
        ),
      SLOW,
    );
    expect(within(table).getByRole("columnheader", { name: /Question/ })).not.toHaveAttribute("aria-sort");
    expect(names(table)[0]).toBe("Tone");
    expect(new URLSearchParams(router.location.search).get("sort")).toBe("versions.desc");

    await user.type(screen.getByLabelText("Search specs by name"), "RES{Enter}");
    await waitFor(() => expect(names(table)).toEqual(["Resolution"]), SLOW);
    await user.clear(screen.getByLabelText("Search specs by name"));
    await user.type(screen.getByLabelText("Search specs by name"), "zzz{Enter}");
    expect(await screen.findByText("No spec name contains “zzz”", {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getAllByRole("link", { name: "Annotation specs" }).at(-1)!);
    await waitFor(() => expect(router.location.search).toBe(""), SLOW);
    await user.click(await screen.findByRole("link", { name: "Tone" }, SLOW));
    await waitFor(() => expect(router.location.pathname).toBe("/specs/tone/edit"), SLOW);
    expect(await screen.findByText(/^Version 2, made/, {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it("shows a failed read with Retry, and the list once it works", async () => {
    let failing = true;
    const { createSpec, render } = setup("demo/support-bot", "/specs", (fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (failing && request.url.endsWith("/objs/query"))
        return Response.json({ reason: "Service unavailable" }, { status: 503 });
      return fetch(request);
    });
    await createSpec("tone", { name: "Tone", field_schema: { type: "boolean" } });
    const { user } = render();
    const panel = await screen.findByRole("alert", {}, SLOW);
    expect(panel).toHaveTextContent("Could not list the specs of demo/support-bot");
    failing = false;
    await user.click(within(panel).getByRole("button", { name: /Retry/ }));
    expect(await screen.findByRole("table", { name: "Annotation specs" }, SLOW)).toBeInTheDocument();
  }, 60_000);

  it("draws 200 rows at first and more on request", async () => {
    const { server, render } = setup("demo/support-bot");
    for (let i = 0; i <= SPECS_SHOWN_STEP; i++) {
      createObject(server.db, {
        projectId: "demo/support-bot",
        objectId: `q_${String(i).padStart(3, "0")}`,
        val: { name: `Q ${i}`, field_schema: { type: "boolean" } },
        builtinClass: "AnnotationSpec",
        userId: "u",
      });
    }
    const { user } = render();
    const table = await screen.findByRole("table", { name: "Annotation specs" }, SLOW);
    expect(within(table).getAllByRole("rowheader")).toHaveLength(SPECS_SHOWN_STEP);
    expect(
      screen.getByText(
        `Showing the first ${SPECS_SHOWN_STEP} of ${SPECS_SHOWN_STEP + 1}. Search by name to find others.`,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show 1 more" }));
    expect(within(table).getAllByRole("rowheader")).toHaveLength(SPECS_SHOWN_STEP + 1);
    expect(screen.queryByRole("button", { name: /Show \d+ more/ })).not.toBeInTheDocument();
  }, 60_000);

  it("the nav lists the page after Annotation queues", async () => {
    const { render } = setup("demo/support-bot");
    render();
    const nav = await screen.findByRole("navigation", { name: "Main" }, SLOW);
    const labels = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent?.trim());
    expect(labels.indexOf("Annotation specs")).toBe(labels.indexOf("Annotation queues") + 1);
  }, 60_000);
});
