import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CopyButton } from "./copy-button";
import { RelativeTime } from "./relative-time";
import { StatusBadge } from "./status-badge";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";
import { TextareaField } from "./textarea-field";

describe("TextField", () => {
  it("ties its hint and error to the input", () => {
    render(
      <TextField
        label="Queue name"
        hint="Shown to annotators."
        error="Must not be empty."
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText("Queue name");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Shown to annotators. Must not be empty.");
  });

  it("is valid without an error and shows a warning as a description", () => {
    render(<TextField label="Address" warning="Usually ends in /v1." value="" onChange={() => {}} />);
    const input = screen.getByLabelText("Address");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("Usually ends in /v1.");
  });
});

describe("CopyButton", () => {
  it("copies the text and announces it", async () => {
    const user = userEvent.setup();
    render(<CopyButton text="req-123" label="Copy request id" />);
    await user.click(screen.getByRole("button", { name: "Copy request id" }));
    expect(await navigator.clipboard.readText()).toBe("req-123");
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
  });
});

describe("RelativeTime", () => {
  it("gives the machine-readable time and the exact time on hover and focus", () => {
    const at = new Date(Date.now() - 5 * 60_000);
    render(<RelativeTime value={at.toISOString()} />);
    const time = screen.getByText("5 minutes ago");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("dateTime", at.toISOString());
    expect(time.getAttribute("title")).toBeTruthy();
    expect(time).toHaveAccessibleDescription(time.getAttribute("title")!);
  });

  it("shows an unparseable value as it came", () => {
    render(<RelativeTime value="sometime" />);
    expect(screen.getByText("sometime").tagName).toBe("SPAN");
  });
});

describe("StatusBadge", () => {
  it("carries its meaning in words, not colour alone", () => {
    const { container } = render(<StatusBadge tone="danger">Key rejected</StatusBadge>);
    expect(screen.getByText("Key rejected")).toBeVisible();
    // The icon adds shape to the colour and stays out of the accessible name.
    expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });
});

describe("SelectField and TextareaField", () => {
  it("tie their hint and error to the control, as TextField does", () => {
    render(
      <>
        <SelectField label="Queue" hint="Where the calls go." error="Choose a queue." value="" onChange={() => {}}>
          <option value="">Choose…</option>
        </SelectField>
        <TextareaField label="Guidelines" hint="Shown to annotators." error="Too long." value="" onChange={() => {}} />
      </>,
    );
    const select = screen.getByRole("combobox", { name: "Queue" });
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription("Where the calls go. Choose a queue.");
    const box = screen.getByRole("textbox", { name: "Guidelines" });
    expect(box.tagName).toBe("TEXTAREA");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("Shown to annotators. Too long.");
  });

  it("are valid without an error", () => {
    render(
      <>
        <SelectField label="State" layout="inline" density="compact" value="" onChange={() => {}}>
          <option value="">Any state</option>
        </SelectField>
        <TextareaField label="Notes" value="" onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole("combobox", { name: "State" })).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("combobox", { name: "State" })).not.toHaveAttribute("aria-describedby");
    expect(screen.getByRole("textbox", { name: "Notes" })).not.toHaveAttribute("aria-invalid");
  });
});
