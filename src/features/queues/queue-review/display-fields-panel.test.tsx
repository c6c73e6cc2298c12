import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Call } from "@contract/trace";
import { DisplayFieldsPanel } from "./display-fields-panel";

const call = { inputs: { question: "Où est ma commande ?" }, output: { answer: "En route." } } as unknown as Call;

describe("DisplayFieldsPanel", () => {
  it("shows a 100 KB path folded, named by its first part, and whole on demand in a windowed view", async () => {
    const path = `inputs.${"a.".repeat(50_000)}b`;
    const { container } = render(<DisplayFieldsPanel call={call} paths={[path, "inputs.question"]} />);
    const [long] = screen.getAllByRole("region");
    expect(long!.getAttribute("aria-label")!.length).toBeLessThan(200);
    expect(long).toHaveAccessibleName(/^inputs\.a\.a.*… \(100,008 characters\)$/);
    expect(container.textContent!.length).toBeLessThan(1_000);
    expect(long).toHaveTextContent("Not present in this call.");
    expect(screen.getByRole("region", { name: "inputs.question" })).toHaveTextContent("Où est ma commande ?");

    await userEvent.setup().click(screen.getByRole("button", { name: "Show the whole path (100,008 characters)" }));
    const whole = await screen.findByRole("region", { name: "The whole path" });
    // One 100 KB line wraps into rows, and only the rows in view are in the page.
    expect(whole.querySelectorAll(".leading-5").length).toBeLessThan(60);
  });

  it("shows a hidden override in a path", () => {
    render(<DisplayFieldsPanel call={call} paths={["output.\u202Erewsna"]} />);
    expect(screen.getByRole("region", { name: "output.⟨U+202E⟩rewsna" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /U\+202E/ })).toBeInTheDocument();
  });
});
