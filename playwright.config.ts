import { defineConfig, devices } from "@playwright/test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// End-to-end tests drive Chromium against the real server (`npm start`'s entry point) on a
// fresh data directory, so every run starts from the seeded demo data.
const isCI = !!process.env.CI;
const port = Number(process.env.E2E_PORT ?? 4391);
const baseURL = `http://127.0.0.1:${port}`;

// The config is loaded again in every worker; the env var makes them all agree on one directory.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "wbops-e2e-"));
  process.env.E2E_DATA_DIR_IS_TEMPORARY = "1"; // removed again by e2e/global-teardown.ts
}
const dataDir = process.env.E2E_DATA_DIR;

// Debian's Chromium where present (this machine cannot download browsers), else Playwright's own.
// For headless runs Debian's chromium-headless-shell is preferred when installed: the old headless
// shell that Playwright itself uses for headless tests, with no browser UI process, so each page costs
// less CPU. A headed or debugging run (`--headed`, `--ui`, PWDEBUG) needs the full browser. The
// runner decides and passes its choice on in E2E_BROWSER_PATH, because workers load this config again
// without the command-line flags. CHROMIUM_PATH, when set, wins.
const headedRun = ["--headed", "--ui", "--debug"].some((flag) => process.argv.includes(flag)) || !!process.env.PWDEBUG;
if (!process.env.E2E_BROWSER_PATH) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headedRun ? "" : "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
  ];
  process.env.E2E_BROWSER_PATH = candidates.find((path) => path && existsSync(path)) ?? "";
}
// Empty: Playwright's own browser.
const executablePath = process.env.E2E_BROWSER_PATH || undefined;

const browser = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "e2e",
  globalTeardown: "./e2e/global-teardown.ts",
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Generous: an axe scan of a 50-row table takes seconds on a busy 2-core CI machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // One browser context per worker, reset between tests, instead of a new one per test: a new
    // context starts a new renderer process, which on this virtual machine (where every system call and
    // page-table change is slow) costs more CPU than the page load itself (bench/HISTORY.md has the measures).
    // Playwright's reset clears storage, routes, init scripts, the clock, emulation and extra pages;
    // e2e/reused-context.ts puts back what it leaves.
    reuseContext: true,
    // Recording a trace costs about a third of the suite's CPU (DOM snapshots at every action),
    // so it is recorded only when a failed test is retried (CI retries once). To debug locally:
    // `npx playwright test --trace retain-on-failure`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      // Without these Chromium waits on network services this closed network does not have.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // V8 up to Maglev, without TurboFan: each page a test loads lives seconds, too short for TurboFan's compiles
        // (on background threads, competing for the two cores) to pay back. Maglev stays: axe's scans are hot
        // loops that need an optimizing tier. bench/HISTORY.md has the measures.
        "--js-flags=--max-opt=2",
      ],
    },
  },
  projects: [{ name: "chromium", use: browser }],
  webServer: {
    command: "npx tsx server/start.ts",
    url: `${baseURL}/api/training/v1/health`,
    timeout: 120_000,
    reuseExistingServer: !isCI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      TRAINING_STEP_MS: "100",
      // The real services' origins (a deployment that allows them; the server's default is its own
      // origin only) and one loopback port nothing listens on, so the connection test can tell a
      // call the page's policy blocks (any other port) from an address the browser may call but
      // nothing answers (this one). e2e/config-failure.spec.ts relies on the W&B origins being
      // allowed: it shows the page itself, not the policy, keeps the key from them.
      CSP_CONNECT_SRC:
        "https://trace.wandb.ai,https://api.training.wandb.ai,https://api.inference.wandb.ai,https://api.wandb.ai,http://127.0.0.1:9",
    },
  },
});
