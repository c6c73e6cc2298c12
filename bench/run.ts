import { relative } from "node:path";
import { bundlePart } from "./bundle/bundle-part";
import { serverDatabase, type ServerDbManifest } from "./fixtures/server-db";
import { coldLoadsPart } from "./cold-loads/cold-loads-part";
import { hostileCallsPart } from "./hostile-calls/hostile-calls-part";
import { feedbackPart } from "./feedback/feedback-part";
import { insightsPart } from "./insights/insights-part";
import { insightsPagePart } from "./insights-page/insights-page-part";
import { trainFromQueuePart } from "./train-from-queue/train-part";
import { callsQueryPart } from "./calls-query/calls-query-part";
import { itemsPart } from "./items/items-part";
import { judgeAgreementPart } from "./judge-agreement/judge-agreement-part";
import { startBenchServer, type BenchServer } from "./lib/bench-server";
import { chromiumVersion } from "./lib/browser";
import { prepareDashboard } from "./lib/dashboard";
import { machineInfo, roundedLoad } from "./lib/machine";
import { parseOptions, USAGE, type BenchOptions, type Part } from "./lib/options";
import { DEFAULT_DIST_DIR, ROOT_DIR } from "./lib/paths";
import { profileFor, type Profile } from "./lib/profile";
import type { PartOutput, PartReport } from "./lib/report";
import { summaryTable, writeResults, type RunRecord } from "./lib/results-file";
import { interactionsPart } from "./interactions/interactions-part";
import { reviewKeysPart } from "./interactions/review-keys-part";
import { lighthousePart } from "./lighthouse/lighthouse-part";
import { loadPart } from "./load/load-part";
import { hostilePart } from "./hostile/hostile-part";
import { reviewFormPart } from "./review-form/review-form-part";
import { workModePart } from "./work-mode/work-mode-part";
import { judgeRunPart } from "./judge-run/judge-run-part";

// `npm run bench`: runs the selected parts one after another, then writes bench/results/. See README.md.

type Shared = {
  profile: Profile;
  options: BenchOptions;
  distDir: string | null;
  server: { instance: BenchServer; manifest: ServerDbManifest; databaseFile: string } | null;
};

const IN_BROWSER: readonly Part[] = [
  "lighthouse",
  "interactions",
  "review-keys",
  "cold-loads",
  "hostile-calls",
  "review-form",
  "work-mode",
  "judge-run",
  "insights-page",
];
const NEEDS_DASHBOARD: readonly Part[] = ["bundle", ...IN_BROWSER];
const NEEDS_SERVER: readonly Part[] = [...IN_BROWSER, "load", "hostile"];

function runPart(part: Part, shared: Shared): Promise<PartOutput> | PartOutput {
  const server = () => {
    if (!shared.server) throw new Error("no benchmark server");
    return shared.server;
  };
  switch (part) {
    case "items":
      return itemsPart(shared.profile, shared.options);
    case "feedback":
      return feedbackPart(shared.profile);
    case "insights":
      return insightsPart(shared.profile);
    case "train-from-queue":
      return trainFromQueuePart(shared.profile);
    case "judge-agreement":
      return judgeAgreementPart(shared.profile);
    case "calls-query":
      return callsQueryPart(shared.profile);
    case "bundle":
      return bundlePart(shared.distDir as string);
    case "lighthouse":
      return lighthousePart(server().instance.url, server().manifest, shared.profile);
    case "interactions":
      return interactionsPart(server().instance.url, server().manifest, shared.profile);
    case "review-keys":
      return reviewKeysPart(server().instance.url, server().manifest, shared.profile, server().databaseFile);
    case "cold-loads":
      return coldLoadsPart(server().instance.url, server().manifest, shared.profile, server().databaseFile);
    case "hostile-calls":
      return hostileCallsPart(server().instance.url, server().manifest, shared.profile);
    case "review-form":
      return reviewFormPart(server().instance.url, server().manifest, shared.profile);
    case "work-mode":
      return workModePart(server().instance, server().manifest, shared.profile);
    case "judge-run":
      return judgeRunPart(server().instance, server().manifest, shared.profile);
    case "insights-page":
      return insightsPagePart(server().instance.url, server().manifest, shared.profile);
    case "load":
      return loadPart(server().instance.url, server().manifest, shared.profile);
    case "hostile":
      return hostilePart(server().instance, server().manifest, shared.profile);
  }
}

async function startServer(shared: Shared): Promise<NonNullable<Shared["server"]>> {
  console.info("  benchmark server database");
  const database = serverDatabase(shared.options);
  const instance = await startBenchServer({
    databaseFile: database.file,
    dashboardDir: shared.distDir ?? DEFAULT_DIST_DIR,
  });
  console.info(`  server ${instance.url} (pid ${instance.pid})`);
  return { instance, manifest: database.manifest, databaseFile: database.file };
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const profile = profileFor(options);
  const machine = machineInfo();
  const startedAt = new Date().toISOString();
  console.info(
    `bench (${profile.name}): ${options.parts.join(", ")} | ${machine.nproc} cores, load average ${machine.loadAverageAtStart.join(" ")}`,
  );

  const environment: Record<string, string> = {};
  const shared: Shared = { profile, options, distDir: null, server: null };
  const reports: PartReport[] = [];
  try {
    if (options.parts.some((p) => NEEDS_DASHBOARD.includes(p))) {
      const dashboard = await prepareDashboard(options.build);
      shared.distDir = dashboard.distDir;
      environment.dashboard = relative(ROOT_DIR, dashboard.distDir);
    }
    if (options.parts.some((p) => IN_BROWSER.includes(p))) environment.chromium = chromiumVersion();

    for (const part of options.parts) {
      console.info(`\n== ${part}`);
      const started = performance.now();
      const loadAverageAtStart = roundedLoad()[0];
      const seconds = () => Math.round((performance.now() - started) / 100) / 10;
      try {
        // Started with the first part that needs it, so the items query runs on a quiet machine.
        if (NEEDS_SERVER.includes(part) && !shared.server) shared.server = await startServer(shared);
        const output = await runPart(part, shared);
        reports.push({ part, status: "ok", seconds: seconds(), loadAverageAtStart, ...output });
      } catch (error) {
        console.error(`${part} failed:`, error);
        reports.push({
          part,
          status: "error",
          seconds: seconds(),
          loadAverageAtStart,
          summary: [],
          markdown: "",
          data: null,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    await shared.server?.instance.stop();
  }

  const run: RunRecord = {
    format: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    profile: profile.name,
    parts: options.parts,
    machine,
    loadAverageAtEnd: roundedLoad(),
    environment,
    reports,
  };
  const files = writeResults(run);
  console.info(`\n${summaryTable(run)}\n\nWrote ${files.join(", ")}`);
  return reports.some((r) => r.status === "error") ? 1 : 0;
}

process.exitCode = await main();
