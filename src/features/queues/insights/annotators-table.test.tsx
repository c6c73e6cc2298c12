import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AnnotatorFigures } from "./annotator-figures";
import { AnnotatorsTable } from "./annotators-table";

const row = (annotator: string, figures: Partial<AnnotatorFigures> = {}): AnnotatorFigures => ({
  annotator,
  completed: 0,
  completedToday: 0,
  completedUndated: 0,
  skipped: 0,
  inProgress: 0,
  staleClaims: 0,
  medianMsPerItem: null,
  timedItems: 0,
  alpha: null,
  pairs: 0,
  sharedItems: 0,
  ...figures,
});

const cellsOf = (name: string | RegExp) =>
  within(screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("who did what", () => {
  it("shows each annotator's figures, you marked, and a dash with its reason where a figure is not known", () => {
    render(
      <AnnotatorsTable
        me="user-demo"
        rows={[
          row("user-demo", {
            completed: 12,
            completedToday: 3,
            completedUndated: 2,
            skipped: 1,
            inProgress: 1,
            medianMsPerItem: 42_000,
            timedItems: 9,
            alpha: 0.8125,
            pairs: 20,
            sharedItems: 10,
          }),
          row("user-priya", { completed: 1, completedUndated: 1 }),
        ]}
      />,
    );
    expect(screen.getByRole("table", { name: /Who did what/ })).toBeInTheDocument();
    expect(cellsOf(/^user-demo ?\(you\)$/)).toEqual([
      "3",
      "122 undated",
      "—Not known: the service does not date a skip.",
      "1",
      "1",
      "42 sover 9 items",
      "0.81320 pairs on 10 items",
    ]);
    const priya = cellsOf("user-priya");
    expect(priya[5]).toBe("—Not known: no two items answered one after the other within 30 minutes.");
    expect(priya[6]).toBe("—Not known: no item has an answer of theirs and another annotator's to the same question.");
    // The page says what the figures rest on.
    expect(screen.getByText(/the service records no start times/)).toBeInTheDocument();
    expect(screen.getByText(/with two annotators it is the question's alpha/)).toBeInTheDocument();
  });
});
