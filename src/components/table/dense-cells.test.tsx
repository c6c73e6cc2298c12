import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TipText } from "./dense-cells";

describe("TipText", () => {
  it("isolates a cell's text and shows a right-to-left override in the cell and in its tooltip", () => {
    const full = "weave:///demo/support-bot/op/\u202Erewsna.tnega:v1";
    const { container } = render(<TipText text={"\u202Erewsna.tnega"} full={full} />);
    expect(screen.getByRole("img", { name: "hidden character U+202E, right-to-left override" })).toBeInTheDocument();
    const cell = container.querySelector("[data-tip]")!;
    expect(cell.getAttribute("title")).toBe("weave:///demo/support-bot/op/⟨U+202E⟩rewsna.tnega:v1");
    expect(cell.getAttribute("data-tip")).toBe(cell.getAttribute("title"));
    expect(cell.querySelector("bdi")).toHaveAttribute("dir", "auto");
  });

  it("isolates right-to-left text without adding anything", () => {
    const { container } = render(<TipText text="وكيل.إجابة" full="وكيل.إجابة" />);
    expect(container.querySelector("bdi")?.textContent).toBe("وكيل.إجابة");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
