import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { usePopover } from "./use-popover";

function Example() {
  const { open, toggle, panelId, rootRef, buttonRef } = usePopover();
  return (
    <>
      <div ref={rootRef}>
        <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          Columns
        </button>
        <div id={panelId} hidden={!open}>
          <label>
            <input type="checkbox" /> Duration
          </label>
        </div>
      </div>
      <p>Outside</p>
    </>
  );
}

describe("usePopover", () => {
  it("opens on the button, closes on Escape with the focus back on the button, and on a click outside", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const button = screen.getByRole("button", { name: "Columns" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("checkbox", { name: "Duration" }));
    expect(screen.getByRole("checkbox", { name: "Duration" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByText("Outside"));
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
