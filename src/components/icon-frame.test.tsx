import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { circle, lineIcon, rect, startingAbsolute } from "./icon-frame";
import { CheckCircleIcon, SortIcon } from "./icons";

describe("line icon path data", () => {
  it("makes a shape's first move absolute, keeping the pairs after it relative", () => {
    expect(startingAbsolute("m9 9 6 6M15 9l-6 6")).toBe("M9 9l6 6M15 9l-6 6");
    expect(startingAbsolute("m5.7 5.7 12.6 12.6")).toBe("M5.7 5.7l12.6 12.6");
    expect(startingAbsolute("m10.7 12.3 9.3-9.3M16 7l3 3")).toBe("M10.7 12.3l9.3-9.3M16 7l3 3");
    expect(startingAbsolute("m8 10h4")).toBe("M8 10h4");
    expect(startingAbsolute("M3 12h4")).toBe("M3 12h4");
  });

  it("draws a circle as two closed half arcs around its centre", () => {
    expect(circle(12, 12, 9)).toBe("M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0Z");
  });

  it("draws a rectangle's rounded corners inside its box", () => {
    expect(rect(9, 9, 12, 12, 2)).toBe("M11 9h8a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-8a2 2 0 0 1 -2 -2v-8a2 2 0 0 1 2 -2Z");
    expect(rect(3, 4, 18, 16)).toBe("M3 4h18v16h-18Z");
  });
});

const sortPath = (direction?: "asc" | "desc") =>
  render(<SortIcon direction={direction} />)
    .container.querySelector("path")!
    .getAttribute("d");

describe("lineIcon", () => {
  it("renders one decorative svg with all its shapes in one path", () => {
    const { container } = render(<CheckCircleIcon size={20} className="text-ok" />);
    const svg = container.querySelector("svg")!;
    expect(svg.children).toHaveLength(1);
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg).toHaveAttribute("width", "20");
    expect(svg).toHaveClass("text-ok");
    expect(svg.querySelector("path")!.getAttribute("d")).toBe(`${circle(12, 12, 9)} M8 12l3 3 5-6`);
  });

  it("keeps an icon's own stroke unless the caller sets one", () => {
    const Bold = lineIcon("Bold", ["M4 4h16"], { strokeWidth: 2 });
    expect(render(<Bold />).container.querySelector("svg")).toHaveAttribute("stroke-width", "2");
    expect(render(<Bold strokeWidth={3} />).container.querySelector("svg")).toHaveAttribute("stroke-width", "3");
    expect(Bold.displayName).toBe("Bold");
  });

  it("draws one sort arrow per direction and both when unsorted", () => {
    expect(sortPath("asc")).toBe("m8 10 4-4 4 4");
    expect(sortPath("desc")).toBe("m8 14 4 4 4-4");
    expect(sortPath()).toBe("m8 10 4-4 4 4M8 14l4 4 4-4");
  });
});
