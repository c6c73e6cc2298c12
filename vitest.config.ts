import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { IMPORT_ALIASES } from "./aliases.ts";

// Two projects: the browser code runs under jsdom, the local services and the shared
// contract run under Node. Both are in `npm test`.
export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    // Vitest's default in `run` mode is one worker fewer than the cores: ONE on the 2-core CI
    // machine, which left a core idle for the whole unit phase. Two workers run both projects'
    // files side by side (a second jsdom and module graph cost ~20 % more CPU, paid on the idle core).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["src/test/setup.ts"],
          // One jsdom per worker instead of one per file: the whole client suite in ~25 s instead of
          // ~75 s. Files share module state, so tests keep none of their own between them (the
          // setup file clears the DOM and both storages after each test).
          isolate: false,
          // Timing is not what these tests check: with two workers on two busy cores a slow render
          // took over the default 5 s (the playground's checkpoint picker, 5.2 s), so allow more.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "contract/**/*.test.ts", "bench/**/*.test.ts"],
        },
      },
    ],
  },
});
