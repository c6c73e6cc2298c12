import { screen } from "@testing-library/react";
import { Route } from "react-router-dom";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClients } from "@/api/clients";
import { inferenceQueries } from "@/api/queries/inference";
import { WANDB_SERVICE_URLS } from "@/connection/settings-defaults";
import { AppLayout } from "./layout";
import { LazyRoutePage, prefetchPageDataAt, preloadAllPagesWhenIdle, preloadPage, preloadPageAt } from "./lazy-page";
import { RoutePage } from "./route-page";
import type { AppRoute } from "./routes";
import { renderApp } from "./test-support";

function countingRoute(path: string): AppRoute & { loads: () => number } {
  let loads = 0;
  return {
    path,
    title: "Counted",
    load: async () => {
      loads += 1;
      return () => <h1>Counted page</h1>;
    },
    loads: () => loads,
  };
}

/** The route alone in the app's layout, as the router would render it. */
function renderRoute(route: AppRoute) {
  return renderApp({
    path: route.path,
    defaults: WANDB_SERVICE_URLS,
    routes: (
      <Route element={<AppLayout />}>
        <Route
          path={route.path}
          element={
            <RoutePage title={route.title}>
              <LazyRoutePage route={route} />
            </RoutePage>
          }
        />
      </Route>
    ),
  });
}

describe("page code loading", () => {
  it("renders a preloaded page in the first render, without a loading bar", async () => {
    const route = countingRoute("/preloaded");
    await preloadPage(route);
    renderRoute(route);
    expect(screen.getByRole("heading", { name: "Counted page" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: "Loading page" })).toBeNull();
    expect(route.loads()).toBe(1);
  });

  it("shows the loading bar while a page that was not preloaded loads", async () => {
    const route = countingRoute("/not-preloaded");
    renderRoute(route);
    expect(screen.getByRole("progressbar", { name: "Loading page" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Counted page" })).toBeInTheDocument();
  });

  it("finds the page to preload from an address, parameters included", async () => {
    const list = countingRoute("/things");
    const detail = countingRoute("/things/:thingId/parts/:partId");
    await preloadPageAt("/things/t1/parts/p1", [list, detail]);
    await preloadPageAt("/no/such/page", [list, detail]);
    expect([list.loads(), detail.loads()]).toEqual([0, 1]);
  });

  it("loads a page's code again on Retry after the first load failed", async () => {
    let attempts = 0;
    const route: AppRoute = {
      path: "/flaky-code",
      title: "Flaky code",
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
        return () => <h1>Loaded on the second try</h1>;
      },
    };
    const { user } = renderRoute(route);
    expect(await screen.findByRole("heading", { name: "This page failed to load" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to fetch dynamically imported module");
    expect(document.title).toBe("Flaky code · W&B Ops Dashboard");
    // React renders once more after an error; that must not load the code again by itself.
    expect(attempts).toBe(1);

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Loaded on the second try" })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

describe("the first page's data", () => {
  const clients = createApiClients({ ...WANDB_SERVICE_URLS, apiKey: "k", annotationProject: "", inferenceProject: "" });

  it("is asked for by the route at the address (params matched), and not by a key-only page without a key", () => {
    const asked: string[] = [];
    const route = (path: string, requiresKey: boolean): AppRoute => ({
      path,
      title: path,
      requiresKey,
      load: async () => () => null,
      prefetch: async () => asked.push(path),
    });
    const routes = [
      route("/models", true),
      route("/queues/:queueId", false),
      { path: "/plain", title: "plain", load: async () => () => null },
    ];
    const queryClient = new QueryClient();
    prefetchPageDataAt("/models", { clients, queryClient, hasKey: true }, routes);
    prefetchPageDataAt("/models", { clients, queryClient, hasKey: false }, routes);
    prefetchPageDataAt("/queues/q1", { clients, queryClient, hasKey: false }, routes);
    prefetchPageDataAt("/plain", { clients, queryClient, hasKey: true }, routes);
    expect(prefetchPageDataAt("/elsewhere", { clients, queryClient, hasKey: true }, routes)).toBeUndefined();
    expect(asked).toEqual(["/models", "/queues/:queueId"]);
  });

  it("for the catalog, fills the cache entry the page reads", async () => {
    const queryClient = new QueryClient();
    const fetched: string[] = [];
    const local = createApiClients(
      { ...WANDB_SERVICE_URLS, apiKey: "k", annotationProject: "", inferenceProject: "" },
      {
        fetch: async (input) => {
          fetched.push(String(input instanceof Request ? input.url : input));
          return Response.json({ object: "list", data: [{ id: "m", object: "model", created: 0, owned_by: "x" }] });
        },
      },
    );
    // main.tsx waits (briefly) on this promise, so the first render already has the rows.
    await prefetchPageDataAt("/models", { clients: local, queryClient, hasKey: true });
    expect(queryClient.getQueryData(inferenceQueries.models(local.inference).queryKey)).toBeDefined();
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/\/models$/);
  });
});

describe("preloading every page when idle", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits while the first page still waits for its data, then loads every page", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const routes = [countingRoute("/idle-a"), countingRoute("/idle-b")];
    let busy = true;
    preloadAllPagesWhenIdle(() => busy, routes);
    vi.advanceTimersByTime(4_000);
    expect(routes.map((r) => r.loads())).toEqual([0, 0]);
    busy = false;
    vi.advanceTimersByTime(2_000);
    expect(routes.map((r) => r.loads())).toEqual([1, 1]);
  });

  it("loads them anyway once the first page has been busy for 5 s (a page that keeps polling)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const routes = [countingRoute("/idle-c")];
    preloadAllPagesWhenIdle(() => true, routes);
    vi.advanceTimersByTime(4_000);
    expect(routes[0]?.loads()).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(routes[0]?.loads()).toBe(1);
  });
});
