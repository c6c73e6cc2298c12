import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg, totalmem } from "node:os";

export type MachineInfo = {
  nproc: number;
  cpuModel: string;
  memoryTotalMiB: number;
  memoryAvailableMiB: number | null;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started: above `nproc` the numbers are not representative. */
  loadAverageAtStart: [number, number, number];
  gitCommit: string;
  /** Uncommitted changes in the tree: the numbers belong to the commit plus those changes. */
  gitDirty: boolean;
};

function run(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

function procField(file: string, pattern: RegExp): string | null {
  try {
    return pattern.exec(readFileSync(file, "utf8"))?.[1]?.trim() ?? null;
  } catch {
    return null;
  }
}

export const roundedLoad = (): [number, number, number] =>
  loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];

/** What the numbers of a run depend on, recorded in every result file. */
export function machineInfo(): MachineInfo {
  const available = procField("/proc/meminfo", /^MemAvailable:\s+(\d+) kB/m);
  return {
    nproc: Number(run("nproc", []) ?? Number.NaN),
    cpuModel: procField("/proc/cpuinfo", /^model name\s*:(.*)$/m) ?? "unknown",
    memoryTotalMiB: Math.round(totalmem() / 1024 / 1024),
    memoryAvailableMiB: available === null ? null : Math.round(Number(available) / 1024),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: roundedLoad(),
    gitCommit: run("git", ["rev-parse", "HEAD"]) ?? "unknown",
    gitDirty: (run("git", ["status", "--porcelain"]) ?? "") !== "",
  };
}

/** True when the machine was busy enough at the start that timings mean little. */
export function wasLoaded(machine: MachineInfo): boolean {
  return machine.loadAverageAtStart[0] > machine.nproc;
}
