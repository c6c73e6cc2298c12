import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CategoryOptions } from "./category-options";
import { questionProblems } from "./spec-schema";

/** The editor as the spec form holds it: the list lives in the parent's state. */
function Host({ initial }: { initial: string[] }) {
  const [options, setOptions] = useState(initial);
  return (
    <CategoryOptions
      options={options}
      onChange={setOptions}
      error={questionProblems({ kind: "categories", options }).options}
    />
  );
}

const boxes = () => screen.getAllByRole("textbox", { name: /^Category/ }).map((box) => (box as HTMLInputElement).value);

describe("the category editor", () => {
  // No pause between keys (delay null): the focus must move with the Enter itself, not a frame later.
  it("typed at full speed with Enter between categories: every letter in its row, no empty row left over", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial={["", ""]} />);
    await user.click(screen.getByRole("textbox", { name: "Category 1" }));
    await user.keyboard("Resolved{Enter}Partly{Enter}Not resolved{Enter}Made it worse");
    expect(boxes()).toEqual(["Resolved", "Partly", "Not resolved", "Made it worse"]);
    expect(screen.getByRole("textbox", { name: "Category 4" })).toHaveFocus();
    expect(screen.queryByText(/is empty/)).not.toBeInTheDocument();
  });

  it("Enter in the middle of the list inserts a row below and the next letters land in it", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial={["Good", "Bad"]} />);
    await user.click(screen.getByRole("textbox", { name: "Category 1" }));
    await user.keyboard("{Enter}Fine");
    expect(boxes()).toEqual(["Good", "Fine", "Bad"]);
  });

  it("Enter in an empty row adds no second empty row", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial={["Good", ""]} />);
    await user.click(screen.getByRole("textbox", { name: "Category 2" }));
    await user.keyboard("{Enter}{Enter}Bad");
    expect(boxes()).toEqual(["Good", "Bad"]);
  });

  it("removing a row moves the focus to its neighbour at once", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial={["Good", "Bad", "Ugly"]} />);
    await user.click(screen.getByRole("button", { name: "Remove “Bad”" }));
    expect(screen.getByRole("textbox", { name: "Category 2" })).toHaveFocus();
    await user.keyboard("!");
    expect(boxes()).toEqual(["Good", "Ugly!"]);
  });
});
