import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ValueView } from "./value-view";

/** `{"next": {"next": … {"next": "bottom"}}}`, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
}

/** An object of `n` keys, each an object of `n` keys, each an array of `n` numbers: n³ leaves. */
function cube(n: number): Record<string, Record<string, number[]>> {
  const numbers = () => Array.from({ length: n }, (_, k) => k);
  const row = () => Object.fromEntries(Array.from({ length: n }, (_unused, j) => [`k${j}`, numbers()]));
  return Object.fromEntries(Array.from({ length: n }, (_unused, i) => [`key${i}`, row()]));
}

const nodeCount = (root: Element) => root.getElementsByTagName("*").length;

describe("ValueView", () => {
  it("renders 3,000 levels of nesting as a few collapsed rows", () => {
    const { container } = render(<ValueView value={nested(3_000)} />);
    expect(nodeCount(container)).toBeLessThan(60);
    const toggles = screen.getAllByRole("button", { expanded: true });
    expect(toggles.length).toBeLessThanOrEqual(2);
    expect(screen.getAllByRole("button", { expanded: false })).toHaveLength(1);
  });

  it("renders a 60×60×60 value (216,000 leaves) in a bounded number of nodes", () => {
    const { container } = render(<ValueView value={cube(60)} />);
    expect(nodeCount(container)).toBeLessThan(1_500);
    expect(screen.getByRole("button", { name: /key0\b.*\{60 keys\}/ })).toHaveAttribute("aria-expanded", "false");
  });

  it("does not render a collapsed node's children, and opens them on demand from the keyboard", async () => {
    const user = userEvent.setup();
    render(<ValueView value={{ outer: { inner: { secret: "deep leaf" } } }} openDepth={1} />);
    expect(screen.queryByText(/deep leaf/)).not.toBeInTheDocument();
    const outer = screen.getByRole("button", { name: /outer/ });
    expect(outer).toHaveAttribute("aria-expanded", "false");
    outer.focus();
    await user.keyboard("{Enter}");
    expect(outer).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("button", { name: /inner/ }));
    expect(screen.getByText(/deep leaf/)).toBeInTheDocument();
    await user.click(outer);
    expect(screen.queryByText(/deep leaf/)).not.toBeInTheDocument();
  });

  it("folds a long string inside an object, with its size and Show more", async () => {
    const user = userEvent.setup();
    const answer = "word ".repeat(200_000);
    const { container } = render(<ValueView value={{ answer }} />);
    expect(container.textContent!.length).toBeLessThan(2_000);
    const more = screen.getByRole("button", { name: /Show more.*1,000,000 characters/ });
    await user.click(more);
    expect(container.textContent!.length).toBeLessThan(30_000);
  });

  it("shows big arrays a window at a time", async () => {
    const user = userEvent.setup();
    render(<ValueView value={{ list: Array.from({ length: 1_000 }, (_, i) => `item ${i}`) }} />);
    const list = screen.getByRole("button", { name: /list.*1,000 items/ }).closest("li")!;
    expect(within(list).getAllByRole("listitem")).toHaveLength(100);
    await user.click(within(list).getByRole("button", { name: "Show 100 more of 900" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(200);
  });

  it("opens a node nested past the view's depth on its own, so expanding never nests without end", async () => {
    const user = userEvent.setup();
    const { container } = render(<ValueView value={nested(100)} />);
    for (let i = 0; i < 60; i++) {
      const closed = screen.queryAllByRole("button", { expanded: false });
      if (closed.length === 0) break;
      await user.click(closed[0]!);
    }
    const deeper = screen.getByRole("button", { name: /Open .* on its own/ });
    await user.click(deeper);
    expect(screen.getByRole("button", { name: "Back to the top" })).toBeInTheDocument();
    expect(
      container.querySelectorAll("ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul ul").length,
    ).toBe(0);
  });

  it("keeps right-to-left text as written and shows a hidden override", () => {
    const { container } = render(<ValueView value={{ answer: "שלום, ההזמנה בדרך.", op: "\u202Erewsna.tnega" }} />);
    expect(screen.getByText(/שלום, ההזמנה בדרך\./).closest("bdi")).toHaveAttribute("dir", "auto");
    expect(screen.getByRole("img", { name: /U\+202E/ })).toBeInTheDocument();
    expect(container.textContent).not.toContain("\u202E");
  });
});
