import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { wasLoaded, type MachineInfo } from "./machine";
import type { Part } from "./options";
import { PARTS } from "./options";
import { RESULTS_DIR, ROOT_DIR } from "./paths";
import { table, verdictMark, type PartReport } from "./report";

export type RunRecord = {
  /** Bump when the shape of this file changes. */
  format: 1;
  startedAt: string;
  finishedAt: string;
  profile: "full" | "quick";
  parts: Part[];
  machine: MachineInfo;
  loadAverageAtEnd: [number, number, number];
  /** Extra facts the browser parts depend on (Chromium version, dashboard build used). */
  environment: Record<string, string>;
  reports: PartReport[];
};

const stamp = (iso: string) =>
  iso
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "")
    .replace("T", "-");

function warnings(run: RunRecord): string[] {
  const out: string[] = [];
  if (run.profile === "quick") out.push("Quick smoke run (smaller sizes, fewer repetitions): not numbers to publish.");
  if (wasLoaded(run.machine)) {
    out.push(
      `The machine was busy: load average ${run.machine.loadAverageAtStart[0]} at the start on ${run.machine.nproc} cores (${run.loadAverageAtEnd[0]} at the end); timings are not representative.`,
    );
  }
  if (run.parts.length < PARTS.length) out.push(`Partial run: ${run.parts.join(", ")} only.`);
  return out;
}

function machineTable(run: RunRecord): string {
  const m = run.machine;
  return table(
    [
      "date (UTC)",
      "nproc",
      "CPU",
      "memory",
      "Node",
      "load average at start (1/5/15 min)",
      "commit",
      ...Object.keys(run.environment),
    ],
    [
      [
        run.startedAt.replace("T", " ").replace(/\.\d+Z$/, ""),
        m.nproc,
        m.cpuModel,
        `${(m.memoryTotalMiB / 1024).toFixed(1)} GiB (${m.memoryAvailableMiB === null ? "?" : (m.memoryAvailableMiB / 1024).toFixed(1)} GiB available)`,
        m.node,
        m.loadAverageAtStart.join(" / "),
        `${m.gitCommit.slice(0, 10)}${m.gitDirty ? " + uncommitted changes" : ""}`,
        ...Object.values(run.environment),
      ],
    ],
  );
}

export function summaryTable(run: RunRecord): string {
  const rows = run.reports.flatMap((r) =>
    r.status === "error"
      ? [[r.part, `failed: ${r.error ?? "?"}`, "—", verdictMark("error")]]
      : r.summary.map((s) => [s.benchmark, s.result, s.budget, verdictMark(s.verdict)]),
  );
  return table(["benchmark", "result", "budget", "verdict"], rows);
}

function runMarkdown(run: RunRecord): string {
  const sections = run.reports.map((r) =>
    r.status === "error"
      ? `## ${r.part}\n\nFailed after ${r.seconds} s: ${r.error ?? "?"}`
      : `${r.markdown}\n\n_${r.part}: ${r.seconds} s, load average ${r.loadAverageAtStart} when it started._`,
  );
  return [
    `# Benchmark run ${run.startedAt.slice(0, 16).replace("T", " ")} UTC (${run.profile})`,
    "",
    ...warnings(run).map((w) => `> **${w}**`),
    "",
    "## Machine",
    "",
    machineTable(run),
    "",
    "## Summary",
    "",
    summaryTable(run),
    "",
    ...sections.flatMap((s) => [s, ""]),
  ].join("\n");
}

function latestMarkdown(run: RunRecord, detailFile: string): string {
  return [
    "# Latest benchmark results",
    "",
    `From \`npm run bench\`${run.profile === "quick" ? " --quick" : ""} on ${run.startedAt.slice(0, 10)}; details in [${detailFile}](${detailFile}) (and the .json beside it). See bench/README.md for what each line measures.`,
    "",
    ...warnings(run).map((w) => `> **${w}**`),
    "",
    machineTable(run),
    "",
    summaryTable(run),
    "",
  ].join("\n");
}

/**
 * Writes `<date>-<time>[-quick].json` and `.md` under bench/results/, and LATEST.md when the run
 * covered every part (a partial run would leave holes in the README's table).
 */
export function writeResults(run: RunRecord): string[] {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const base = `${stamp(run.startedAt)}${run.profile === "quick" ? "-quick" : ""}`;
  const json = join(RESULTS_DIR, `${base}.json`);
  const md = join(RESULTS_DIR, `${base}.md`);
  // The Markdown sections go to the .md file only; the JSON keeps the numbers.
  const numbers = { ...run, reports: run.reports.map(({ markdown: _markdown, ...report }) => report) };
  writeFileSync(json, `${JSON.stringify(numbers, null, 2)}\n`);
  writeFileSync(md, runMarkdown(run));
  const written = [json, md];
  if (run.parts.length === PARTS.length) {
    const latest = join(RESULTS_DIR, "LATEST.md");
    writeFileSync(latest, latestMarkdown(run, `${base}.md`));
    written.push(latest);
  }
  return written.map((file) => relative(ROOT_DIR, file));
}
