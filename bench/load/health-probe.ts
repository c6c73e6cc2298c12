import { fork } from "node:child_process";
import { join } from "node:path";
import { summarize, type Summary } from "../lib/stats";

export type ProbeResult = { latency: Summary; failures: number };

/** Starts probing `url` every `intervalMs` from a child process; `stop()` returns what it saw. */
export async function startHealthProbe(url: string, intervalMs = 100): Promise<{ stop(): Promise<ProbeResult> }> {
  const child = fork(join(import.meta.dirname, "health-probe-child.ts"), [url, String(intervalMs)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the health probe exited (code ${code}) before it started`)));
  });
  return {
    stop: () =>
      new Promise<ProbeResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error("the health probe did not report within 15 s"));
        }, 15_000);
        child.once("message", (message: { latencies: number[]; failures: number }) => {
          clearTimeout(timer);
          resolve({ latency: summarize(message.latencies), failures: message.failures });
        });
        child.send("stop");
      }),
  };
}
