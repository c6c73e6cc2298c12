import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { usePageTopOnMove } from "./use-page-top-on-move";

/** The page scrolled by the user: jsdom does not scroll, so its position and event are made here. */
function scrollPage(y: number) {
  Object.defineProperty(window, "scrollY", { configurable: true, value: y });
  window.dispatchEvent(new Event("scroll"));
}

describe("usePageTopOnMove", () => {
  let scrollTo: MockInstance<typeof window.scrollTo>;
  beforeEach(() => {
    document.body.innerHTML = '<main tabindex="-1"><button type="button">Next</button></main>';
    scrollTo = vi.spyOn(window, "scrollTo");
  });
  afterEach(() => {
    Reflect.deleteProperty(window, "scrollY");
    scrollTo.mockRestore();
  });

  it("scrolls to the top in the commit that shows another item, not when the first item arrives", () => {
    const { rerender } = renderHook(({ id }: { id: string | undefined }) => usePageTopOnMove(id), {
      initialProps: { id: undefined as string | undefined },
    });
    rerender({ id: "a" });
    scrollPage(400);
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ id: "b" });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("does not touch a page already at its top (reading its position would lay it out in the key's handling)", () => {
    const { rerender } = renderHook(({ id }: { id: string }) => usePageTopOnMove(id), { initialProps: { id: "a" } });
    scrollPage(300);
    scrollPage(0);
    rerender({ id: "b" });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("leaves a page that kept the focus inside itself where it is (a clicked Next)", () => {
    const { rerender } = renderHook(({ id }: { id: string }) => usePageTopOnMove(id), { initialProps: { id: "a" } });
    scrollPage(400);
    document.querySelector("button")!.focus();
    rerender({ id: "b" });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
