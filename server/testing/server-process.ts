import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { childServerArgs } from "./child-server-bundle";

const START_TIMEOUT_MS = 20_000;

export type ServerProcess = {
  url: string;
  pid: number;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: "SIGKILL" | "SIGTERM"): Promise<void>;
  /** What the process wrote to stderr (for failure messages). */
  stderr(): string;
};

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** A fresh data directory, removed by cleanUp(). */
export function makeDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "quality-services-"));
  tempDirs.add(dir);
  return dir;
}

/** Starts the services on `dataDir` and a free port; resolves with their URL once they listen. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, await childServerArgs(), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      TRAINING_STEP_MS: "5",
      CHAT_TOKEN_DELAY_MS: "0",
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => live.delete(child));
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-20_000);
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the services did not start within ${START_TIMEOUT_MS} ms:\n${stderr}`)),
      START_TIMEOUT_MS,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      if (!line.startsWith("{")) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the services exited before listening (code ${child.exitCode}):\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill("SIGKILL");
    await exited;
    throw error;
  });

  return {
    url,
    pid: child.pid!,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    stderr: () => stderr,
  };
}

/** Kills every server this module started that still runs, and removes the data directories. */
export async function cleanUp(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          if (!child.kill("SIGKILL")) resolve();
        }),
    ),
  );
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
