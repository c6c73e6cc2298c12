import { screen } from "@testing-library/react";
import { Route } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { WANDB_SERVICE_URLS } from "../features/settings/settings-defaults";
import { LazyRoutePage, preloadPage, preloadPageAt } from "./lazy-page";
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

function renderRoute(route: AppRoute) {
  return renderApp({
    path: route.path,
    defaults: WANDB_SERVICE_URLS,
    routes: (
      <Route
        path={route.path}
        element={
          <RoutePage title={route.title}>
            <LazyRoutePage route={route} />
          </RoutePage>
        }
      />
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
});
