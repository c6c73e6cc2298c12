import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PanelErrorBoundary } from "./panel-error-boundary";

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error("chart data was malformed");
  return <p>Chart drawn</p>;
}

describe("PanelErrorBoundary", () => {
  beforeEach(() => {
    shouldThrow = true;
    // React reports caught render errors on the console; keep the test output readable.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps a crash inside its panel and recovers with Try again", async () => {
    const user = userEvent.setup();
    render(
      <div>
        <PanelErrorBoundary label="Loss chart">
          <Fragile />
        </PanelErrorBoundary>
        <p>Neighbouring panel</p>
      </div>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Loss chart could not be shown.");
    expect(screen.getByRole("alert")).toHaveTextContent("chart data was malformed");
    expect(screen.getByText("Neighbouring panel")).toBeInTheDocument();

    shouldThrow = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("Chart drawn")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("tries again by itself when its reset keys change", () => {
    const { rerender } = render(
      <PanelErrorBoundary resetKeys={["queue-1"]}>
        <Fragile />
      </PanelErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toBeInTheDocument();
    shouldThrow = false;
    rerender(
      <PanelErrorBoundary resetKeys={["queue-2"]}>
        <Fragile />
      </PanelErrorBoundary>,
    );
    expect(screen.getByText("Chart drawn")).toBeInTheDocument();
  });
});
