import { resolve } from "node:path";

export const ROOT_DIR = resolve(import.meta.dirname, "..", "..");
export const BENCH_DIR = resolve(ROOT_DIR, "bench");
/** Cached databases, the benchmark's own dashboard build, scratch data dirs: gitignored. */
export const WORK_DIR = resolve(BENCH_DIR, ".work");
export const RESULTS_DIR = resolve(BENCH_DIR, "results");
export const DEFAULT_DIST_DIR = resolve(ROOT_DIR, "dist");
export const BENCH_DIST_DIR = resolve(WORK_DIR, "dist");
