import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { TextFilterKey } from "../shared/items-url-state";
import { opChoices } from "../shared/op-choices";
import { ItemsFilters } from "./items-filters";

const ANSWER_V0 = "weave:///demo/support-bot/op/support_agent.answer:Q2xAAAA";
const ANSWER_V1 = "weave:///demo/support-bot/op/support_agent.answer:Zz9BBBB";
const CHOICES = opChoices(
  [ANSWER_V0, ANSWER_V1],
  new Map([
    [ANSWER_V0, 0],
    [ANSWER_V1, 1],
  ]),
);
const NO_TEXT = { op: "", callId: "", traceId: "", itemId: "", addedBy: "" };

function renderFilters(onTextCommit: (key: TextFilterKey, value: string) => void, op = "") {
  render(
    <ItemsFilters
      values={{ ...NO_TEXT, op }}
      states={[]}
      onTextCommit={onTextCommit}
      onStatesChange={() => undefined}
      onClear={() => undefined}
      errors={{}}
      opChoices={CHOICES}
      firstFieldRef={{ current: null }}
      onEscape={() => undefined}
      expanded
      onExpandedChange={() => undefined}
    />,
  );
  return screen.getByRole("combobox", { name: "Operation" });
}

describe("the Operation filter", () => {
  it("does not guess between versions of one name: it names them and filters by none", async () => {
    const commit = vi.fn<(key: TextFilterKey, value: string) => void>();
    const user = userEvent.setup();
    const field = renderFilters(commit);
    await user.type(field, "support_agent.answer{Enter}");
    // Only an empty filter was committed (dropping any version filtered before), and the field keeps the name.
    expect(commit.mock.calls.every(([, value]) => value === "")).toBe(true);
    expect(field).toHaveAccessibleDescription(
      /support_agent.answer has 2 versions in this queue: pick one \(support_agent.answer:v0, support_agent.answer:v1\)/,
    );

    // Typing again clears the message; a version's label commits that version's ref.
    await user.type(field, ":v1");
    expect(field).not.toHaveAccessibleDescription(/versions in this queue/);
    await user.keyboard("{Enter}");
    expect(commit).toHaveBeenCalledWith("op", ANSWER_V1);
  });

  it("drops a version filter when the field is changed to a name several versions share, keeping what was typed", async () => {
    const commit = vi.fn<(key: TextFilterKey, value: string) => void>();
    const user = userEvent.setup();
    const field = renderFilters(commit, ANSWER_V1);
    await user.clear(field);
    await user.type(field, "support_agent.answer{Enter}");
    expect(commit).toHaveBeenLastCalledWith("op", "");
    expect(field).toHaveAccessibleDescription(/has 2 versions in this queue/);
  });

  it("shows a committed ref as its label and offers every version by label", () => {
    const field = renderFilters(() => undefined, ANSWER_V0);
    expect(field).toHaveValue("support_agent.answer:v0");
    const options = [...document.querySelectorAll("datalist option")].map((o) => o.getAttribute("value"));
    expect(options).toEqual(["support_agent.answer:v0", "support_agent.answer:v1"]);
  });

  it("shows an op name's hidden characters as markers in its options, as the table does, and reads them back as the op", async () => {
    const evil = "weave:///demo/support-bot/op/invoice\u202Efdp.exe:Q2xAAAA";
    const commit = vi.fn<(key: TextFilterKey, value: string) => void>();
    const user = userEvent.setup();
    render(
      <ItemsFilters
        values={NO_TEXT}
        states={[]}
        onTextCommit={commit}
        onStatesChange={() => undefined}
        onClear={() => undefined}
        errors={{}}
        opChoices={opChoices([evil, ANSWER_V0])}
        firstFieldRef={{ current: null }}
        onEscape={() => undefined}
        expanded
        onExpandedChange={() => undefined}
      />,
    );
    const field = screen.getByRole("combobox", { name: "Operation" });
    const options = [
      ...document.querySelectorAll(`datalist#${field.getAttribute("list")} option`),
    ] as HTMLOptionElement[];
    // What the browser shows of an option is its value (and its label or text when they differ).
    const shown = options.map((option) => [option.value, option.label, option.text].join(" "));
    expect(shown.some((text) => text.includes("\u202E"))).toBe(false);
    expect(options.map((option) => option.value)).toContain("invoice⟨U+202E⟩fdp.exe");
    await user.type(field, "invoice⟨U+202E⟩fdp.exe{Enter}");
    expect(commit).toHaveBeenLastCalledWith("op", evil);
  });
});
