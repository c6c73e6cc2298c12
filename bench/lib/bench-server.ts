import { fork } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/runtime";
import { WORK_DIR } from "./paths";

/** The server's event-loop delay over a window (monitorEventLoopDelay, milliseconds). */
export type LoopDelay = { p50: number; p99: number; max: number };

export type BenchServer = {
  url: string;
  pid: number;
  /** The server's scratch DATA_DIR (its SQLite file): a part may read back what a run left there. */
  dataDir: string;
  /** Starts a new window of event-loop delay measurement in the server process. */
  resetLoopDelay(): void;
  /** The server's event-loop delay since the last reset. */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
};

/**
 * `npm start`'s server (startServices) in a child process on a free loopback port, over a copy of
 * a prepared database in a scratch DATA_DIR (so nothing the benchmarks do touches the cache),
 * serving the dashboard from `dashboardDir`.
 */
export async function startBenchServer(options: {
  databaseFile: string;
  dashboardDir: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(WORK_DIR, "server-data-"));
  copyFileSync(options.databaseFile, join(dataDir, DATABASE_FILE));
  const child = fork(join(import.meta.dirname, "server-child.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      BENCH_DASHBOARD_DIR: options.dashboardDir,
      TRAINING_STEP_MS: "1000",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the benchmark server did not start within 60 s")), 60_000);
    child.once("message", (message: { url?: string }) => {
      clearTimeout(timer);
      if (message.url) resolve(message.url);
      else reject(new Error("the benchmark server sent no URL"));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the benchmark server exited (code ${code}) before it was ready`));
    });
  }).catch((error: unknown) => {
    child.kill("SIGKILL");
    cleanUp();
    throw error;
  });

  return {
    url,
    pid: child.pid as number,
    dataDir,
    resetLoopDelay() {
      child.send("loop-delay-reset");
    },
    loopDelay() {
      return new Promise<LoopDelay>((resolve) => {
        const listen = (message: { loopDelay?: LoopDelay }) => {
          if (!message.loopDelay) return;
          child.off("message", listen);
          resolve(message.loopDelay);
        };
        child.on("message", listen);
        child.send("loop-delay");
      });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(killer);
      }
      cleanUp();
    },
  };
}
