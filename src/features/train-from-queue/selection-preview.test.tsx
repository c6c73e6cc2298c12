import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TrajectoryGroup } from "@contract/training";
import { SelectionSummary } from "./selection-preview";
import type { Selection } from "./trajectories/build-groups";

const flatGroup = {
  trajectories: [
    { messages_and_choices: [], reward: 1 },
    { messages_and_choices: [], reward: 1 },
  ],
} as unknown as TrajectoryGroup;
const selectionOf = (flatGroups: number, notCounted: number): Selection => ({
  groups: Array.from({ length: flatGroups }, () => flatGroup),
  groupLabels: [],
  all: [],
  singletonsDropped: 0,
  notCounted,
  opsLeftOut: 0,
  unusable: [],
});

describe("SelectionSummary", () => {
  it("words its notes in the singular for one group and one item", () => {
    render(<SelectionSummary selection={selectionOf(1, 1)} building={false} />);
    expect(
      screen.getByText("1 group has the same reward throughout: it is sent, but gives no advantage signal."),
    ).toBeInTheDocument();
    expect(screen.getByText("1 item is in a state that does not count.")).toBeInTheDocument();
  });

  it("and in the plural for more", () => {
    render(<SelectionSummary selection={selectionOf(2, 40)} building={false} />);
    expect(
      screen.getByText("2 of the groups have the same reward throughout: they are sent, but give no advantage signal."),
    ).toBeInTheDocument();
    expect(screen.getByText("40 items are in states that do not count.")).toBeInTheDocument();
  });
});
