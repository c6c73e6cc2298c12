import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { QueueSpec } from "@/api/annotation-specs";
import { SpecField } from "./spec-field";

const spec = (label: string, fieldSchema: Record<string, unknown>): QueueSpec => ({
  ref: `ref-${label}`,
  id: label.toLowerCase(),
  label,
  description: `About ${label}`,
  fieldSchema,
  uniqueAmongCreators: false,
});
const NO_ANSWERS = { current: null, others: [] };

function renderField(fieldSchema: Record<string, unknown>, options: { active?: boolean; shown?: unknown } = {}) {
  const onAnswer = vi.fn<(value: unknown) => void>();
  const answers =
    options.shown === undefined
      ? NO_ANSWERS
      : { current: { id: "f1", value: options.shown, by: "user-maria" }, others: [] };
  render(
    <SpecField
      spec={spec("Question", fieldSchema)}
      answers={answers}
      pending={undefined}
      active={options.active ?? false}
      onAnswer={onAnswer}
      onActivate={() => {}}
    />,
  );
  return { onAnswer, group: screen.getByRole("group", { name: "Question" }), user: userEvent.setup() };
}

describe("one question's control, chosen by its schema", () => {
  it("a number with bounds: an input that says its bounds, refuses what is outside them, and saves on Enter", async () => {
    const { onAnswer, group, user } = renderField({ type: "integer", minimum: 0, maximum: 100 });
    const input = within(group).getByRole("spinbutton", { name: "Question" });
    expect(within(group).getByText("0 to 100")).toBeInTheDocument();
    await user.type(input, "150");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(within(group).getByText("At most 100.")).toBeInTheDocument();
    fireEvent.blur(input);
    expect(onAnswer).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, "42{Enter}");
    expect(onAnswer).toHaveBeenCalledWith(42);
  });

  it("text with a maximum length: says what is left, and does not send what is over", async () => {
    const { onAnswer, group, user } = renderField({ type: "string", maxLength: 5 });
    const box = within(group).getByRole("textbox", { name: "Question" });
    await user.type(box, "abc");
    expect(within(group).getByText("2 characters left")).toBeInTheDocument();
    await user.type(box, "defg");
    expect(within(group).getByText("At most 5 characters (2 over).")).toBeInTheDocument();
    fireEvent.blur(box);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it("a choice: one radio per option, the number keys shown while it is highlighted, the shared answer and who set it", async () => {
    const { onAnswer, group, user } = renderField({ enum: ["Good", "Bad"] }, { active: true, shown: "Bad" });
    expect(within(group).getByRole("radio", { name: "Bad" })).toBeChecked();
    // The key is shown, hidden from the name (the help says the number keys answer this question).
    expect(within(group).getByRole("radio", { name: "Bad" }).closest("label")).toHaveTextContent("Bad2");
    expect(within(group).getByText(/Shared answer, set by/)).toHaveTextContent("Shared answer, set by user-maria");
    await user.click(within(group).getByRole("radio", { name: "Good" }));
    expect(onAnswer).toHaveBeenCalledWith("Good");
  });

  it("yes/no for a boolean, with its description as the group's help", () => {
    const { group } = renderField({ type: "boolean" });
    expect(group).toHaveAccessibleDescription("About Question");
    const radios = within(group).getAllByRole("radio");
    // Named by the choice alone: the number key's mark is hidden from the name.
    expect(radios).toEqual(["Yes", "No"].map((name) => within(group).getByRole("radio", { name })));
    // Not highlighted: the number keys' marks keep their place, hidden, so no choice changes size as the highlight moves.
    const marks = radios.map((radio) => radio.closest("label")?.querySelector("kbd"));
    expect(marks.map((mark) => [mark?.textContent, mark?.classList.contains("invisible")])).toEqual([
      ["1", true],
      ["2", true],
    ]);
  });

  it("a schema it cannot answer says so instead of guessing a control", () => {
    const { group } = renderField({ type: "object" });
    expect(within(group).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(group).getByText(/This question cannot be answered here/)).toBeInTheDocument();
  });
});
