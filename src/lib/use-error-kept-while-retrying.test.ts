import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useErrorKeptWhileRetrying } from "./use-error-kept-while-retrying";

describe("an error kept while its query is read again", () => {
  it("stays through a retry with no data, and goes once data arrives", () => {
    const failure = new Error("service down");
    const { result, rerender } = renderHook(({ error, hasData }) => useErrorKeptWhileRetrying(error, hasData), {
      initialProps: { error: null as unknown, hasData: false },
    });
    expect(result.current).toBeNull();
    rerender({ error: failure, hasData: false });
    expect(result.current).toBe(failure);
    // TanStack's retry: back to pending, the error cleared.
    rerender({ error: null, hasData: false });
    expect(result.current).toBe(failure);
    rerender({ error: null, hasData: true });
    expect(result.current).toBeNull();
    rerender({ error: null, hasData: false });
    expect(result.current).toBeNull();
  });

  it("gives the newest error", () => {
    const first = new Error("first");
    const second = new Error("second");
    const { result, rerender } = renderHook(({ error }) => useErrorKeptWhileRetrying(error, false), {
      initialProps: { error: first as unknown },
    });
    rerender({ error: null });
    rerender({ error: second });
    expect(result.current).toBe(second);
  });
});
