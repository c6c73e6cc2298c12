import { screen } from "@testing-library/react";
import { Route } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WANDB_SERVICE_URLS } from "@/connection/settings-defaults";
import { AppLayout } from "./layout";
import { RoutePage } from "./route-page";
import { renderApp } from "./test-support";

let crash = true;
function FragilePage() {
  if (crash) throw new Error("the page broke while rendering");
  return <h1>Recovered page</h1>;
}

describe("route error boundary", () => {
  beforeEach(() => {
    crash = true;
    // React logs caught render errors; they are the point of this test.
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a crashed page inside the layout and renders it anew on Try again", async () => {
    const { user } = renderApp({
      path: "/fragile",
      defaults: WANDB_SERVICE_URLS,
      routes: (
        <Route element={<AppLayout />}>
          <Route
            path="/fragile"
            element={
              <RoutePage title="Fragile">
                <FragilePage />
              </RoutePage>
            }
          />
        </Route>
      ),
    });
    expect(await screen.findByRole("heading", { name: "This page failed to load" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("the page broke while rendering");
    // The navigation survives the crash.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();

    crash = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Recovered page" })).toBeInTheDocument();
  });
});
