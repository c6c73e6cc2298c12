import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Call } from "@contract/trace";
import { CallDetails } from "./call-details";

/** Rows of a windowed text view that are in the page. */
const rowsIn = (view: HTMLElement) => view.querySelectorAll(".leading-5");

describe("CallDetails", () => {
  it("opens a 5 MB output as text in a windowed view", async () => {
    const user = userEvent.setup();
    const answer = `${"Your order is on its way. ".repeat(40)}\n`.repeat(5_000);
    expect(answer.length).toBeGreaterThan(5_000_000);
    const { container } = render(
      <CallDetails call={{ inputs: { question: "Where?" }, output: answer } as unknown as Call} />,
    );
    await user.click(screen.getByRole("button", { name: "Show the whole call" }));
    const output = screen.getByRole("region", { name: "Call output" });
    expect(container.textContent!.length).toBeLessThan(5_000);
    await user.click(within(output).getByRole("button", { name: "Whole text" }));
    const text = await screen.findByRole("region", { name: "Call output as text" });
    await within(output).findByText("5,001 lines", {}, { timeout: 10_000 });
    expect(rowsIn(text).length).toBeGreaterThan(0);
    expect(rowsIn(text).length).toBeLessThan(60);
  });

  it("prints 200,000 leaves as JSON text a slice at a time, showing only the rows in view", async () => {
    const user = userEvent.setup();
    const output = { values: Array.from({ length: 200_000 }, (_, i) => i) };
    render(<CallDetails call={{ inputs: {}, output } as unknown as Call} />);
    await user.click(screen.getByRole("button", { name: "Show the whole call" }));
    const part = screen.getByRole("region", { name: "Call output" });
    await user.click(within(part).getByRole("button", { name: "JSON text" }));
    expect(within(part).getByRole("button", { name: "JSON text" })).toHaveAttribute("aria-pressed", "true");
    const text = await screen.findByRole("region", { name: "Call output as text" });
    await within(part).findByText("200,004 lines", {}, { timeout: 20_000 });
    expect(rowsIn(text).length).toBeLessThan(60);
    expect(text).toHaveTextContent('"values": [');
  });
});
