import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ItemsEmptyState } from "./items-empty-state";

describe("an empty queue", () => {
  it("points at the Calls page, where calls are added to queues", () => {
    render(
      <MemoryRouter>
        <ItemsEmptyState failed={false} otherProblem={false} pastEndOfPage={null} filtered={false} onFirstPage={() => undefined} onClearFilters={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText("This queue has no items yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Choose calls on the Calls page" })).toHaveAttribute("href", "/calls");
  });
});
