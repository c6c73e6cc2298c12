import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useColumnStartsAtTop } from "./use-column-starts-at-top";

function Column({ itemId }: { itemId: string }) {
  const { columnRef, onColumnScroll } = useColumnStartsAtTop(itemId);
  return <div ref={columnRef} onScroll={onColumnScroll} data-testid="column" />;
}

function scrollColumnTo(top: number) {
  const column = screen.getByTestId("column");
  column.scrollTop = top;
  fireEvent.scroll(column);
  return column;
}

describe("the questions' column on a new item", () => {
  it("starts at the top after the annotator scrolled it on the item before", () => {
    const { rerender } = render(<Column itemId="item-1" />);
    const column = scrollColumnTo(420);
    rerender(<Column itemId="item-2" />);
    expect(column.scrollTop).toBe(0);
  });

  it("keeps where it is while the item stays the same (a refresh of the same item)", () => {
    const { rerender } = render(<Column itemId="item-1" />);
    const column = scrollColumnTo(420);
    rerender(<Column itemId="item-1" />);
    expect(column.scrollTop).toBe(420);
  });

  it("leaves a column scrolled back to the top alone", () => {
    const { rerender } = render(<Column itemId="item-1" />);
    scrollColumnTo(420);
    const column = scrollColumnTo(0);
    // Not scrolled: the next item does not write scrollTop at all (a write would cost a layout).
    let writes = 0;
    Object.defineProperty(column, "scrollTop", {
      get: () => 0,
      set: () => {
        writes += 1;
      },
    });
    rerender(<Column itemId="item-2" />);
    expect(writes).toBe(0);
  });
});
