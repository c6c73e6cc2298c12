import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Call } from "@contract/trace";
import { isSelected, selectedCount, useCallSelection } from "./use-call-selection";

const page = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}` }) as Call);

describe("selecting calls", () => {
  it("toggles one call, selects a range with Shift from the last one clicked, and unselects a range", () => {
    const { result } = renderHook(() => useCallSelection("f"));
    act(() => result.current.toggle(page, "p1", 1, false));
    act(() => result.current.toggle(page, "p1", 4, true));
    expect(page.filter((c) => isSelected(result.current.selection, c.id)).map((c) => c.id)).toEqual([
      "c1",
      "c2",
      "c3",
      "c4",
    ]);
    // From the last one clicked (c4) back to c2, which was selected: the range is unselected.
    act(() => result.current.toggle(page, "p1", 2, true));
    expect(page.filter((c) => isSelected(result.current.selection, c.id)).map((c) => c.id)).toEqual(["c1"]);
  });

  it("does not stretch a Shift range across pages", () => {
    const { result } = renderHook(() => useCallSelection("f"));
    act(() => result.current.toggle(page, "p1", 0, false));
    act(() => result.current.toggle(page, "p2", 5, true));
    expect(selectedCount(result.current.selection, null)).toBe(2);
  });

  it("selects the page, or unselects it when all of it is selected, keeping other pages' calls", () => {
    const { result } = renderHook(() => useCallSelection("f"));
    const other = { id: "other" } as Call;
    act(() => result.current.toggle([other], "p0", 0, false));
    act(() => result.current.togglePage(page));
    expect(selectedCount(result.current.selection, null)).toBe(7);
    act(() => result.current.togglePage(page));
    expect(selectedCount(result.current.selection, null)).toBe(1);
  });

  it("selects all matching for these filters only: other filters drop it for good", () => {
    const { result, rerender } = renderHook(({ key }) => useCallSelection(key), { initialProps: { key: "op=a" } });
    act(() => result.current.selectMatching());
    expect(selectedCount(result.current.selection, 120)).toBe(120);
    expect(isSelected(result.current.selection, "anything")).toBe(true);
    rerender({ key: "op=b" });
    expect(selectedCount(result.current.selection, 120)).toBe(0);
    rerender({ key: "op=a" });
    expect(selectedCount(result.current.selection, 120)).toBe(0);
  });
});
