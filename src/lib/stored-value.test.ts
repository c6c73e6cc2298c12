import { act, renderHook } from "@testing-library/react";
import * as z from "zod/mini";
import { beforeEach, describe, expect, it } from "vitest";
import { createStoredValue, useStoredValue } from "./stored-value";

const KEY = "test.stored-value";

describe("createStoredValue", () => {
  beforeEach(() => localStorage.clear());

  it("reads through the schema, falls back on anything unreadable, and normalises", () => {
    const weight = () =>
      createStoredValue(KEY, z.number(), { fallback: 0.5, normalise: (v) => Math.min(1, Math.max(0, v)) });
    expect(weight().get()).toBe(0.5);
    localStorage.setItem(KEY, "not json");
    expect(weight().get()).toBe(0.5);
    localStorage.setItem(KEY, '"a string"');
    expect(weight().get()).toBe(0.5);
    localStorage.setItem(KEY, "7");
    expect(weight().get()).toBe(1);
  });

  it("stores what is set, and every user of it sees the change, from this tab and from another", () => {
    const store = createStoredValue(KEY, z.record(z.string(), z.boolean()), { fallback: {} });
    const first = renderHook(() => useStoredValue(store));
    const second = renderHook(() => useStoredValue(store));
    act(() => store.set((current) => ({ ...current, duration: false })));
    expect(JSON.parse(localStorage.getItem(KEY) ?? "null")).toEqual({ duration: false });
    expect(first.result.current).toEqual({ duration: false });
    expect(second.result.current).toEqual({ duration: false });

    // Another tab writes: this one hears of it through the storage event.
    localStorage.setItem(KEY, JSON.stringify({ duration: true }));
    act(() => window.dispatchEvent(new StorageEvent("storage", { key: KEY })));
    expect(first.result.current).toEqual({ duration: true });
  });

  it("keeps a value for this tab when the browser refuses to store it", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const store = createStoredValue(KEY, z.number(), { fallback: 1, storage: () => full });
    store.set(3);
    expect(store.get()).toBe(3);
  });
});
