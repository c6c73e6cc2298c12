import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useUrlBackedText } from "./use-url-backed-text";

describe("useUrlBackedText", () => {
  it("keeps fast typing while the URL lags behind, and follows changes made elsewhere", () => {
    const pushed: string[] = [];
    const { result, rerender } = renderHook(({ url }) => useUrlBackedText(url, (v) => pushed.push(v)), {
      initialProps: { url: "" },
    });
    act(() => result.current[1]("l"));
    act(() => result.current[1]("ll"));
    act(() => result.current[1]("lla"));
    expect(pushed).toEqual(["l", "ll", "lla"]);

    // The URL catches up one push at a time, or skips some: the text stays what was typed.
    rerender({ url: "l" });
    expect(result.current[0]).toBe("lla");
    rerender({ url: "lla" });
    expect(result.current[0]).toBe("lla");

    // A change from elsewhere (Clear, the back button) replaces the text.
    rerender({ url: "" });
    expect(result.current[0]).toBe("");
    rerender({ url: "qwen" });
    expect(result.current[0]).toBe("qwen");
  });

  it("maps a value to its URL form to recognise it", () => {
    const { result, rerender } = renderHook(
      ({ url }) =>
        useUrlBackedText(
          url,
          () => {},
          (v) => v.trim(),
        ),
      { initialProps: { url: "a" } },
    );
    act(() => result.current[1]("a b "));
    rerender({ url: "a b" });
    expect(result.current[0]).toBe("a b ");
  });
});
