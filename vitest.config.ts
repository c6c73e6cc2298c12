import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { IMPORT_ALIASES } from "./aliases.ts";

const SERVER_TESTS = ["server/**/*.test.ts", "contract/**/*.test.ts", "bench/**/*.test.ts"];
const QUIET_TESTS = "server/**/*.quiet.test.ts";
/** Server-side files that replace a module with vi.mock: each gets a fresh module graph. */
const SERVER_TESTS_THAT_MOCK_MODULES = ["bench/lib/cpu-quiet.test.ts"];

// The browser code runs under jsdom, the local services and the shared contract under Node (the
// few server files that replace a module, and the timing-budget tests, in projects of their own).
// All are in `npm test`.
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
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, QUIET_TESTS, ...SERVER_TESTS_THAT_MOCK_MODULES],
          // One module graph per worker instead of one per file: importing the services again for every
          // file was most of this project's CPU. Safe because the server's state lives in the database and
          // app each test creates; the files that replace a module run in the project below.
          isolate: false,
          // As for the client: timing is what the benchmarks measure, not these tests. A 32 MiB body
          // read on two cores shared with the client's workers can pass the default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // A module replaced with vi.mock must not be what the next file in the same worker imports.
          name: "server-isolated",
          environment: "node",
          include: SERVER_TESTS_THAT_MOCK_MODULES,
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
          include: [QUIET_TESTS],
          fileParallelism: false,
        },
      },
    ],
  },
});
