import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ItemsEmptyState } from "./items-empty-state";

describe("an empty queue", () => {
  it("points at the project's calls on this dashboard's Calls page, and says how Add to queue fills it", () => {
    render(
      <MemoryRouter>
        <ItemsEmptyState
          project="demo/support-bot"
          failed={false}
          otherProblem={false}
          pastEndOfPage={null}
          filtered={false}
          onFirstPage={() => undefined}
          onClearFilters={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("This queue has no items yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Choose calls on the Calls page" })).toHaveAttribute(
      "href",
      "/calls?annotation_project=demo%2Fsupport-bot",
    );
    expect(screen.getByText("This queue has no items yet").parentElement).toHaveTextContent(
      /tick some \(or every one that matches\), then press Add to queue…, pick this queue/,
    );
  });
});
