import { existsSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIST_DIR, DEFAULT_DIST_DIR, ROOT_DIR } from "./paths";

/**
 * The dashboard build the benchmarks measure and serve. By default a fresh `vite build` into
 * bench/.work/dist: building into dist/ would pull files from under an `npm start` or an
 * end-to-end run that is serving dist/ at the same time. `--no-build` uses dist/ as it is.
 */
export async function prepareDashboard(build: boolean): Promise<{ distDir: string; builtMs: number | null }> {
  if (!build) {
    if (!existsSync(join(DEFAULT_DIST_DIR, ".vite", "manifest.json")))
      throw new Error("--no-build: dist/ has no Vite manifest; run `npm run build` first");
    return { distDir: DEFAULT_DIST_DIR, builtMs: null };
  }
  const started = performance.now();
  console.info("  vite build -> bench/.work/dist");
  const { build: viteBuild } = await import("vite");
  await viteBuild({ root: ROOT_DIR, logLevel: "warn", build: { outDir: BENCH_DIST_DIR, emptyOutDir: true } });
  return { distDir: BENCH_DIST_DIR, builtMs: Math.round(performance.now() - started) };
}
