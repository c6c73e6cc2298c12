import { screen } from "@testing-library/react";
import { Route } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { WANDB_SERVICE_URLS } from "@/settings/settings-defaults";
import { AppLayout } from "./layout";
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
