import { act, render, waitFor } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { DataTableBody, type ScrollToRow } from "./data-table-body";

const ROW_HEIGHT = 40;
/** Where the table's body starts in the window, as a page with a header and filters above it puts it. */
const BODY_TOP = 500;

function renderBody(count: number) {
  const spy = vi
    .spyOn(HTMLTableSectionElement.prototype, "getBoundingClientRect")
    .mockReturnValue(new DOMRect(0, BODY_TOP, 800, count * ROW_HEIGHT));
  onTestFinished(() => spy.mockRestore());
  const scrollToRowRef = createRef<ScrollToRow | null>() as { current: ScrollToRow | null };
  const frame = createRef<HTMLElement>();
  const { container } = render(
    <table>
      <DataTableBody
        count={count}
        rowHeight={ROW_HEIGHT}
        columnCount={1}
        frame={frame}
        scrollToRowRef={scrollToRowRef}
        renderRow={(index) => (
          <tr key={index} data-row={index}>
            <td>row {index}</td>
          </tr>
        )}
      />
    </table>,
  );
  const rows = () => container.querySelectorAll("tr[data-row]").length;
  return { rows, scrollToRowRef };
}

describe("a whole page's body", () => {
  it("renders the rows down to the window's bottom edge before its first paint, and the rest after it", async () => {
    const { rows } = renderBody(50);
    // The rows the window can show from where the body starts, and one more: not the 50 of the page.
    const onScreen = Math.ceil((window.innerHeight - BODY_TOP) / ROW_HEIGHT) + 1;
    expect(onScreen).toBeLessThan(50);
    expect(rows()).toBe(onScreen);
    await waitFor(() => expect(rows()).toBe(50));
  });

  it("renders a page short enough to fit the window whole in its first render", () => {
    const fitsWindow = Math.ceil(window.innerHeight / ROW_HEIGHT) + 1;
    const { rows } = renderBody(fitsWindow);
    expect(rows()).toBe(fitsWindow);
  });

  it("renders every row at once when the focus is sent to one not rendered yet", () => {
    const { rows, scrollToRowRef } = renderBody(50);
    expect(rows()).toBeLessThan(50);
    act(() => scrollToRowRef.current?.(45));
    expect(rows()).toBe(50);
  });
});
