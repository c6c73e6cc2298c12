import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("a page's own Escape shortcut, listening since before the popover opened", () => {
    // As the review's shortcuts do (features/queues/shared/keyboard.ts): a key whose default was prevented is not theirs.
    const pageEscape = vi.fn<() => void>();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) pageEscape();
    };
    afterEach(() => {
      document.removeEventListener("keydown", onKey);
      pageEscape.mockClear();
    });

    it("does not run on the Escape that closes the popover, and runs on the next one", async () => {
      document.addEventListener("keydown", onKey);
      const user = userEvent.setup();
      render(<Example />);
      const button = screen.getByRole("button", { name: "Columns" });
      await user.click(button);
      await user.keyboard("{Escape}");
      expect(button).toHaveAttribute("aria-expanded", "false");
      expect(pageEscape).not.toHaveBeenCalled();
      await user.keyboard("{Escape}");
      expect(pageEscape).toHaveBeenCalledTimes(1);
    });
  });
});
