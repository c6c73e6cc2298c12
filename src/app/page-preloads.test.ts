import { describe, expect, it } from "vitest";
import { preloadsSettled, trackPreload } from "./page-preloads";

describe("page preloads", () => {
  it("settle only once every load has, including one started while waiting, and a failed one counts as settled", async () => {
    const order: string[] = [];
    const gate: { open?: () => void } = {};
    const first = trackPreload(
      new Promise<void>((resolve) => (gate.open = resolve)).then(() => {
        order.push("first");
        // A load started by another while the setup waits.
        void trackPreload(new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => order.push("second")));
      }),
    );
    void trackPreload(Promise.reject(new Error("offline"))).catch(() => order.push("failed"));
    const settled = preloadsSettled().then(() => order.push("settled"));
    setTimeout(() => gate.open?.(), 10);
    await Promise.all([first, settled]);
    expect(order).toEqual(["failed", "first", "second", "settled"]);
  });
});
