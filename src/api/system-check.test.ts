import { describe, expect, it } from "vitest";
import { readSystemCheck } from "./system-check";

describe("readSystemCheck", () => {
  it("reads the real service's shape: api: true and {success, duration, error} per check (docs/contract-decisions.md#training-health)", () => {
    const result = readSystemCheck(503, {
      api: true,
      cpu_queue: { success: true, duration: 0.004, error: null },
      gpu_queue: { success: false, duration: 1.5, error: "no GPU worker answered" },
    });
    expect(result).toEqual({
      ok: false,
      status: 503,
      checks: [
        { name: "api", ok: true, message: "" },
        { name: "cpu_queue", ok: true, message: "" },
        { name: "gpu_queue", ok: false, message: "no GPU worker answered" },
      ],
      failed: [{ name: "gpu_queue", ok: false, message: "no GPU worker answered" }],
    });
    expect(readSystemCheck(200, { api: true, cpu_queue: { success: true, duration: 0.01, error: null } }).ok).toBe(
      true,
    );
    expect(readSystemCheck(503, { api: false }).failed.map((c) => c.name)).toEqual(["api"]);
  });

  it('still reads the older shapes: "ok" strings and {ok | healthy | status} objects', () => {
    const result = readSystemCheck(503, {
      database: "ok",
      a: { ok: true },
      b: { healthy: "yes" },
      c: { status: "healthy" },
      gpu_queue: "Job runner stopped",
    });
    expect(result.checks.filter((c) => c.ok).map((c) => c.name)).toEqual(["database", "a", "c"]);
    expect(result.failed.map((c) => [c.name, c.message])).toEqual([
      ["b", JSON.stringify({ healthy: "yes" })],
      ["gpu_queue", "Job runner stopped"],
    ]);
  });
});
