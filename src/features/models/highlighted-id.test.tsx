import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HighlightedId } from "./highlighted-id";

describe("HighlightedId", () => {
  it("shows a hidden override in a model id, matched or not", () => {
    const id = "openai/\u202Ebbo-tpg";
    const { container, rerender } = render(<HighlightedId id={id} match={[]} />);
    expect(screen.getByRole("img", { name: /U\+202E/ })).toBeInTheDocument();
    expect(container.textContent).toBe("openai/⟨U+202E⟩bbo-tpg");
    rerender(<HighlightedId id={id} match={[[0, 6]]} />);
    expect(container.querySelector("mark")?.textContent).toBe("openai");
    expect(container.textContent).toBe("openai/⟨U+202E⟩bbo-tpg");
  });
});
