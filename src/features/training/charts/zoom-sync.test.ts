import { describe, expect, it, vi } from "vitest";
import { ZoomSync } from "./zoom-sync";

describe("ZoomSync", () => {
  it("tells every chart of a new range with the chart that made it, once per change", () => {
    const sync = new ZoomSync();
    const listener = vi.fn<(range: { min: number; max: number } | null, origin: unknown) => void>();
    const unsubscribe = sync.subscribe(listener);
    const chart = {};
    sync.set({ min: 5, max: 9 }, chart);
    sync.set({ min: 5, max: 9 }, {});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith({ min: 5, max: 9 }, chart);
    sync.set(null);
    expect(sync.range).toBeNull();
    unsubscribe();
    sync.set({ min: 1, max: 2 });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
