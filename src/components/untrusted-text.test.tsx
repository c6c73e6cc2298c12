import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UntrustedText } from "./untrusted-text";

describe("UntrustedText", () => {
  it("isolates the text and shows a right-to-left override as a named marker", () => {
    const { container } = render(<UntrustedText text={"\u202Erewsna.tnega"} />);
    const bdi = container.querySelector("bdi");
    expect(bdi).toHaveAttribute("dir", "auto");
    // The override itself is not in the page: it cannot reorder anything.
    expect(bdi?.textContent).toBe("⟨U+202E⟩rewsna.tnega");
    expect(screen.getByRole("img", { name: "hidden character U+202E, right-to-left override" })).toHaveAttribute(
      "dir",
      "ltr",
    );
  });

  it("shows zero-width characters in identifiers", () => {
    render(<UntrustedText text={"user\u200B-1\uFEFF"} />);
    expect(screen.getAllByRole("img").map((m) => m.getAttribute("aria-label"))).toEqual([
      "hidden character U+200B, zero width space",
      "hidden character U+FEFF, zero width no-break space",
    ]);
  });

  it("keeps right-to-left prose as written, isolated with its own direction", () => {
    const answer = "שלום, \u200Fהזמנה 42 בדרך.";
    const { container } = render(<UntrustedText text={answer} mode="controls" />);
    expect(container.querySelector("bdi")?.textContent).toBe(answer);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("renders markup as text", () => {
    const { container } = render(<UntrustedText text={`<img src=x onerror="window.__xss=1">`} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain("<img");
  });
});
