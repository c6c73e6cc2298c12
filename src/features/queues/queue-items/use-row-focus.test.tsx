import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import { useRowFocus } from "./use-row-focus";

/**
 * A windowed body: rows 0-4 exist, the rest appear one frame after the table is asked to scroll to
 * them, as the virtualiser renders them.
 */
function windowedTable(rows: number) {
  const tbody = document.createElement("tbody");
  document.body.append(tbody);
  // Test files share one document (vitest.config.ts): leave nothing behind.
  onTestFinished(() => tbody.remove());
  const addRow = (index: number) => {
    if (tbody.querySelector(`[data-item-row="${index}"]`)) return;
    const tr = document.createElement("tr");
    tr.dataset.itemRow = String(index);
    tr.tabIndex = -1;
    tbody.append(tr);
  };
  for (let i = 0; i < 5; i++) addRow(i);
  const container = { current: tbody as HTMLElement };
  const { result } = renderHook(() => useRowFocus(container, () => rows));
  result.current.scrollToRowRef.current = (index: number) => void requestAnimationFrame(() => addRow(index));
  return { result };
}

const focused = () => (document.activeElement as HTMLElement | null)?.dataset.itemRow;

const frames = (n: number) =>
  act(async () => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });

describe("moving the focus between rows", () => {
  it("counts every key press, also while the row it goes to is still being rendered", async () => {
    const { result } = windowedTable(20);
    act(() => result.current.move(1));
    expect(focused()).toBe("0");
    // Four presses reach row 4; two more go past the rendered rows, pressed before either exists.
    for (let i = 0; i < 4; i++) act(() => result.current.move(1));
    expect(focused()).toBe("4");
    act(() => {
      result.current.move(1);
      result.current.move(1);
    });
    await frames(4);
    expect(focused()).toBe("6");
  });
});
