import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  BodyRow,
  Cell,
  HeaderCell,
  RowHeaderCell,
  SortHeaderCell,
  SpacerRow,
  StateRow,
  Table,
  TableFrame,
  TableHead,
} from ".";

describe("table kit", () => {
  it("renders a real table: caption, column headers, row headers, and one set of paddings per density", () => {
    render(
      <TableFrame>
        <Table caption="Models" density="compact">
          <TableHead>
            <HeaderCell>Name</HeaderCell>
            <HeaderCell align="right">Size</HeaderCell>
          </TableHead>
          <tbody>
            <BodyRow>
              <RowHeaderCell>alpha</RowHeaderCell>
              <Cell align="right">7</Cell>
            </BodyRow>
            <SpacerRow height={40} colSpan={2} />
            <StateRow colSpan={2}>Nothing more</StateRow>
          </tbody>
        </Table>
      </TableFrame>,
    );
    const table = screen.getByRole("table", { name: "Models" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Size"]);
    expect(within(table).getByRole("rowheader", { name: "alpha" })).toBeInTheDocument();
    const size = within(table).getByRole("cell", { name: "7" });
    expect(size).toHaveClass("py-1.5", "text-right");
    expect(within(table).getByText("Nothing more")).toHaveAttribute("colspan", "2");
    // The spacer is not a row for assistive technology.
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("sorts from a button in the header; aria-sort on the primary key only; the rank and state in words", async () => {
    const onSort = vi.fn<() => void>();
    render(
      <Table caption="Items">
        <TableHead>
          <SortHeaderCell direction="desc" rank={0} sortCount={2} onSort={onSort} hint="Shift+click adds a key.">
            Created
          </SortHeaderCell>
          <SortHeaderCell direction="asc" rank={1} sortCount={2} onSort={onSort}>
            Operation
          </SortHeaderCell>
          <SortHeaderCell direction={false} onSort={onSort}>
            Updated
          </SortHeaderCell>
        </TableHead>
      </Table>,
    );
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((h) => h.getAttribute("aria-sort"))).toEqual(["descending", null, null]);
    expect(screen.getByRole("button", { name: "Created" })).toHaveAccessibleDescription(
      "Sorted descending, 1st of 2 sort keys. Shift+click adds a key.",
    );
    expect(screen.getByRole("button", { name: "Operation" })).toHaveAccessibleDescription(
      "Sorted ascending, 2nd of 2 sort keys.",
    );
    expect(screen.getByRole("button", { name: "Updated" })).toHaveAccessibleDescription("Not sorted.");
    await userEvent.click(screen.getByRole("button", { name: "Updated" }));
    expect(onSort).toHaveBeenCalledTimes(1);
  });
});
