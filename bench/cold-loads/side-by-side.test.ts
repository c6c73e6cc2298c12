import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ColdLoadPage } from "./cold-load-pages";
import type { ColdLoadOutcome } from "./cold-load";
import { baselineDistDir } from "../lib/baseline-build";
import { COLD_LOADS_BASELINE_VARIABLE, sideBySideTable } from "./side-by-side";

const page: ColdLoadPage = { name: "Calls", path: "/calls", content: "the first call row", selector: "tr" };
const loads = (...contentMs: number[]): ColdLoadOutcome => ({
  state: "measured",
  samples: contentMs.map((ms) => ({ contentMs: ms, scriptsMs: 0, requests: [], startedQuiet: true, quietWaitMs: 0 })),
});

afterEach(() => vi.unstubAllEnvs());

describe("cold loads side by side", () => {
  it("takes the baseline from a built dashboard folder, and names a folder that is not one", () => {
    vi.stubEnv("COLD_LOADS_BASELINE_DIST", "");
    expect(baselineDistDir(COLD_LOADS_BASELINE_VARIABLE)).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "baseline-dist-"));
    try {
      vi.stubEnv("COLD_LOADS_BASELINE_DIST", dir);
      expect(() => baselineDistDir(COLD_LOADS_BASELINE_VARIABLE)).toThrow(`no built dashboard (index.html) in ${dir}`);
      writeFileSync(join(dir, "index.html"), "<!doctype html>");
      expect(baselineDistDir(COLD_LOADS_BASELINE_VARIABLE)).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports both medians and the change", () => {
    const markdown = sideBySideTable(
      [{ page, result: { baseline: loads(800, 820, 900), current: loads(700, 760, 750) } }],
      "/tmp/before/dist",
    );
    expect(markdown).toContain("| Calls | 820 ms | 750 ms | -70 ms (-9 %) |");
    expect(markdown).toContain("`/tmp/before/dist`");
  });
});
