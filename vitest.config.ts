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
          // One jsdom per worker instead of one per file: building a jsdom per file would cost the client
          // suite most of its time. Files share module state, so tests keep none of their own between them (the
          // setup file clears the DOM and both storages after each test).
          isolate: false,
          // Timing is not what these tests check: with two workers on two busy cores a slow render
          // (the playground's checkpoint picker) can go over the default 5 s, so allow more.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "contract/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["**/*.quiet.test.ts"],
          // As for the client: timing is what the benchmarks measure, not these tests. A 32 MiB body
          // read on two cores shared with the client's workers can pass the default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // Tests that hold the local services to a timing budget under load (`*.quiet.test.ts`): they need
          // the machine to themselves, so `npm test` runs them in a phase of their own, one file at a time.
          name: "quiet",
          environment: "node",
          include: ["server/**/*.quiet.test.ts"],
          fileParallelism: false,
        },
      },
    ],
  },
});
